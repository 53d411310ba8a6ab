// The lavash menu as data: kinds of food, their fillings (variants) and editions. Products are the
// combinations kind × variant × edition (docs/decisions.md: 300+ products).
import type { Shape } from "./images.ts";

/** [uz, ru, eng] */
export type T3 = [string, string, string];

export interface Variant {
  name: T3;
  /** Ingredients, [uz, ru, eng]. */
  with: T3;
  price: number;
}

export interface Kind {
  key: string;
  name: T3;
  shape: Shape;
  group: "main" | "sides" | "sweet" | "combo";
  /** Editions of every variant, with a price factor. */
  editions: { key: string; name: T3; factor: number }[];
  /** Adds the size (min 1, max 1) and extras (min 0, max 3) modifier groups. */
  modifiers: boolean;
  calorie: number;
  variants: Variant[];
}

const v = (name: T3, ingredients: T3, price: number): Variant => ({ name, with: ingredients, price });

const BREAD_EDITIONS = [
  { key: "classic", name: ["klassik", "классический", "classic"] as T3, factor: 1 },
  { key: "cheese", name: ["pishloqli", "с сыром", "with cheese"] as T3, factor: 1.15 },
  { key: "spicy", name: ["achchiq", "острый", "spicy"] as T3, factor: 1.08 },
];
const PORTIONS = [
  { key: "small", name: ["kichik", "маленький", "small"] as T3, factor: 0.75 },
  { key: "medium", name: ["o'rta", "средний", "medium"] as T3, factor: 1 },
  { key: "large", name: ["katta", "большой", "large"] as T3, factor: 1.35 },
];

export const KINDS: Kind[] = [
  {
    key: "lavash",
    name: ["Lavash", "Лаваш", "Lavash"],
    shape: "wrap",
    group: "main",
    editions: BREAD_EDITIONS,
    modifiers: true,
    calorie: 620,
    variants: [
      v(
        ["Tovuqli lavash", "Лаваш с курицей", "Chicken lavash"],
        [
          "tovuq go'shti, pomidor, bodring, sous",
          "курица, помидоры, огурцы, соус",
          "chicken, tomatoes, cucumbers, sauce",
        ],
        29_000,
      ),
      v(
        ["Mol go'shtli lavash", "Лаваш с говядиной", "Beef lavash"],
        [
          "mol go'shti, piyoz, pomidor, sous",
          "говядина, лук, помидоры, соус",
          "beef, onion, tomatoes, sauce",
        ],
        34_000,
      ),
      v(
        ["Qo'zichoq lavash", "Лаваш с бараниной", "Lamb lavash"],
        ["qo'y go'shti, ko'katlar, piyoz", "баранина, зелень, лук", "lamb, herbs, onion"],
        37_000,
      ),
      v(
        ["Aralash lavash", "Лаваш микс", "Mixed lavash"],
        [
          "tovuq va mol go'shti, chips, sous",
          "курица и говядина, чипсы, соус",
          "chicken and beef, crisps, sauce",
        ],
        36_000,
      ),
      v(
        ["Grill lavash", "Гриль-лаваш", "Grilled lavash"],
        ["grilda pishgan tovuq, qalampir", "курица на гриле, перец", "grilled chicken, bell pepper"],
        32_000,
      ),
      v(
        ["Mini lavash", "Мини-лаваш", "Mini lavash"],
        ["tovuq, pomidor, sous", "курица, помидоры, соус", "chicken, tomatoes, sauce"],
        21_000,
      ),
      v(
        ["Vegetarian lavash", "Вегетарианский лаваш", "Veggie lavash"],
        ["falafel, karam, pomidor", "фалафель, капуста, помидоры", "falafel, cabbage, tomatoes"],
        27_000,
      ),
      v(
        ["Ikki barobar go'shtli lavash", "Лаваш с двойным мясом", "Double meat lavash"],
        ["ikki hissa go'sht, pishloq", "двойная порция мяса, сыр", "double meat, cheese"],
        45_000,
      ),
      v(
        ["Qo'ziqorinli lavash", "Лаваш с грибами", "Mushroom lavash"],
        ["tovuq, qo'ziqorin, pishloq", "курица, грибы, сыр", "chicken, mushrooms, cheese"],
        33_000,
      ),
      v(
        ["Barbekyu lavash", "Лаваш барбекю", "BBQ lavash"],
        ["mol go'shti, barbekyu sousi, piyoz", "говядина, соус барбекю, лук", "beef, barbecue sauce, onion"],
        35_000,
      ),
    ],
  },
  {
    key: "shawarma",
    name: ["Shaurma", "Шаурма", "Shawarma"],
    shape: "wrap",
    group: "main",
    editions: BREAD_EDITIONS,
    modifiers: true,
    calorie: 680,
    variants: [
      v(
        ["Tovuqli shaurma", "Шаурма с курицей", "Chicken shawarma"],
        [
          "tovuq, karam, sabzi, sarimsoqli sous",
          "курица, капуста, морковь, чесночный соус",
          "chicken, cabbage, carrot, garlic sauce",
        ],
        28_000,
      ),
      v(
        ["Mol go'shtli shaurma", "Шаурма с говядиной", "Beef shawarma"],
        ["mol go'shti, bodring, pomidor", "говядина, огурцы, помидоры", "beef, cucumbers, tomatoes"],
        33_000,
      ),
      v(
        ["Arabcha shaurma", "Шаурма по-арабски", "Arabic shawarma"],
        [
          "tovuq, kartoshka fri, tuzlangan bodring",
          "курица, картофель фри, маринованные огурцы",
          "chicken, fries, pickles",
        ],
        31_000,
      ),
      v(
        ["Pishloqli shaurma", "Сырная шаурма", "Cheese shawarma"],
        ["tovuq, uch xil pishloq", "курица, три вида сыра", "chicken, three cheeses"],
        33_000,
      ),
      v(
        ["Achchiq shaurma", "Шаурма халапеньо", "Jalapeño shawarma"],
        ["tovuq, xalapenyo, achchiq sous", "курица, халапеньо, острый соус", "chicken, jalapeños, hot sauce"],
        30_000,
      ),
      v(
        ["Shaurma tarelkada", "Шаурма на тарелке", "Shawarma plate"],
        ["go'sht, guruch, salat, non", "мясо, рис, салат, лепёшка", "meat, rice, salad, flatbread"],
        42_000,
      ),
      v(
        ["Kurka shaurma", "Шаурма с индейкой", "Turkey shawarma"],
        ["kurka go'shti, ko'katlar", "индейка, зелень", "turkey, herbs"],
        36_000,
      ),
      v(
        ["Qo'zichoq shaurma", "Шаурма с бараниной", "Lamb shawarma"],
        ["qo'y go'shti, piyoz, sumax", "баранина, лук, сумах", "lamb, onion, sumac"],
        38_000,
      ),
      v(
        ["Mini shaurma", "Мини-шаурма", "Mini shawarma"],
        ["tovuq, karam, sous", "курица, капуста, соус", "chicken, cabbage, sauce"],
        20_000,
      ),
    ],
  },
  {
    key: "burger",
    name: ["Burger", "Бургер", "Burger"],
    shape: "bun",
    group: "main",
    editions: [
      { key: "single", name: ["bitta kotlet", "одна котлета", "single"], factor: 1 },
      { key: "double", name: ["ikki kotlet", "две котлеты", "double"], factor: 1.4 },
      { key: "triple", name: ["uch kotlet", "три котлеты", "triple"], factor: 1.75 },
    ],
    modifiers: true,
    calorie: 720,
    variants: [
      v(
        ["Gamburger", "Гамбургер", "Hamburger"],
        ["mol go'shti kotleti, piyoz, bodring", "говяжья котлета, лук, огурцы", "beef patty, onion, pickles"],
        24_000,
      ),
      v(
        ["Chizburger", "Чизбургер", "Cheeseburger"],
        ["kotlet, cheddar pishlog'i", "котлета, сыр чеддер", "patty, cheddar"],
        27_000,
      ),
      v(
        ["Tovuqli burger", "Чикенбургер", "Chicken burger"],
        ["qarsildoq tovuq, salat bargi", "хрустящая курица, салат", "crispy chicken, lettuce"],
        25_000,
      ),
      v(
        ["Barbekyu burger", "Бургер барбекю", "BBQ burger"],
        ["kotlet, bekon, barbekyu sousi", "котлета, бекон, соус барбекю", "patty, bacon, barbecue sauce"],
        33_000,
      ),
      v(
        ["Qo'ziqorinli burger", "Бургер с грибами", "Mushroom burger"],
        [
          "kotlet, qo'ziqorin, shveytsar pishlog'i",
          "котлета, грибы, швейцарский сыр",
          "patty, mushrooms, Swiss cheese",
        ],
        34_000,
      ),
      v(
        ["Achchiq burger", "Острый бургер", "Hot burger"],
        ["kotlet, xalapenyo, achchiq sous", "котлета, халапеньо, острый соус", "patty, jalapeños, hot sauce"],
        30_000,
      ),
      v(
        ["Baliqli burger", "Фиш-бургер", "Fish burger"],
        ["baliq file, tartar sousi", "рыбное филе, соус тартар", "fish fillet, tartar sauce"],
        29_000,
      ),
      v(
        ["Vegetarian burger", "Веггибургер", "Veggie burger"],
        ["no'xat kotleti, avokado", "котлета из нута, авокадо", "chickpea patty, avocado"],
        28_000,
      ),
      v(
        ["Tuxumli burger", "Бургер с яйцом", "Egg burger"],
        ["kotlet, qovurilgan tuxum", "котлета, яичница", "patty, fried egg"],
        31_000,
      ),
      v(
        ["Firma burgeri", "Фирменный бургер", "Signature burger"],
        [
          "kotlet, karamellangan piyoz, maxsus sous",
          "котлета, карамелизированный лук, фирменный соус",
          "patty, caramelised onion, house sauce",
        ],
        36_000,
      ),
    ],
  },
  {
    key: "hot-dog",
    name: ["Hot-dog", "Хот-дог", "Hot dog"],
    shape: "sausage",
    group: "main",
    editions: BREAD_EDITIONS,
    modifiers: true,
    calorie: 450,
    variants: [
      v(
        ["Klassik hot-dog", "Классический хот-дог", "Classic hot dog"],
        ["sosiska, ketchup, xantal", "сосиска, кетчуп, горчица", "sausage, ketchup, mustard"],
        15_000,
      ),
      v(
        ["Fransuz hot-dogi", "Французский хот-дог", "French hot dog"],
        ["sosiska, bulochka ichida sous", "сосиска в булочке с соусом", "sausage in a baguette with sauce"],
        17_000,
      ),
      v(
        ["Daniya hot-dogi", "Датский хот-дог", "Danish hot dog"],
        [
          "sosiska, qovurilgan piyoz, bodring",
          "сосиска, жареный лук, огурцы",
          "sausage, fried onion, pickles",
        ],
        19_000,
      ),
      v(
        ["Chili hot-dog", "Хот-дог чили", "Chili dog"],
        ["sosiska, chili qiyma", "сосиска, чили из фарша", "sausage, chili con carne"],
        22_000,
      ),
      v(
        ["Pishloqli hot-dog", "Сырный хот-дог", "Cheese dog"],
        ["sosiska, eritilgan pishloq", "сосиска, плавленый сыр", "sausage, melted cheese"],
        20_000,
      ),
      v(
        ["Bekonli hot-dog", "Хот-дог с беконом", "Bacon dog"],
        ["sosiska, bekon, piyoz", "сосиска, бекон, лук", "sausage, bacon, onion"],
        23_000,
      ),
      v(
        ["Tovuqli hot-dog", "Куриный хот-дог", "Chicken dog"],
        ["tovuq sosiskasi, salat", "куриная сосиска, салат", "chicken sausage, lettuce"],
        16_000,
      ),
      v(
        ["Katta hot-dog", "Хот-дог XXL", "XXL hot dog"],
        ["uzun sosiska, uch xil sous", "длинная сосиска, три соуса", "long sausage, three sauces"],
        26_000,
      ),
    ],
  },
  {
    key: "pizza",
    name: ["Pitsa", "Пицца", "Pizza"],
    shape: "slice",
    group: "main",
    editions: [
      { key: "25", name: ["25 sm", "25 см", "25 cm"], factor: 0.7 },
      { key: "30", name: ["30 sm", "30 см", "30 cm"], factor: 1 },
      { key: "35", name: ["35 sm", "35 см", "35 cm"], factor: 1.3 },
    ],
    modifiers: false,
    calorie: 1_400,
    variants: [
      v(
        ["Margarita pitsasi", "Пицца Маргарита", "Margherita pizza"],
        [
          "pomidor sousi, motsarella, rayhon",
          "томатный соус, моцарелла, базилик",
          "tomato sauce, mozzarella, basil",
        ],
        55_000,
      ),
      v(
        ["Pepperoni pitsasi", "Пицца Пепперони", "Pepperoni pizza"],
        ["pepperoni, motsarella", "пепперони, моцарелла", "pepperoni, mozzarella"],
        62_000,
      ),
      v(
        ["To'rt pishloq pitsasi", "Пицца Четыре сыра", "Four cheese pizza"],
        [
          "motsarella, cheddar, parmezan, dorblyu",
          "моцарелла, чеддер, пармезан, дорблю",
          "mozzarella, cheddar, parmesan, blue cheese",
        ],
        68_000,
      ),
      v(
        ["Tovuqli pitsa", "Пицца с курицей", "Chicken pizza"],
        ["tovuq, qo'ziqorin, motsarella", "курица, грибы, моцарелла", "chicken, mushrooms, mozzarella"],
        60_000,
      ),
      v(
        ["Barbekyu pitsasi", "Пицца Барбекю", "BBQ pizza"],
        ["mol go'shti, piyoz, barbekyu sousi", "говядина, лук, соус барбекю", "beef, onion, barbecue sauce"],
        66_000,
      ),
      v(
        ["Go'shtli pitsa", "Мясная пицца", "Meat lovers pizza"],
        ["kolbasa, go'sht, bekon", "колбаски, мясо, бекон", "sausages, meat, bacon"],
        70_000,
      ),
      v(
        ["Sabzavotli pitsa", "Овощная пицца", "Veggie pizza"],
        ["qalampir, zaytun, pomidor", "перец, оливки, помидоры", "peppers, olives, tomatoes"],
        52_000,
      ),
      v(
        ["Gavayi pitsasi", "Гавайская пицца", "Hawaiian pizza"],
        ["tovuq, ananas, motsarella", "курица, ананас, моцарелла", "chicken, pineapple, mozzarella"],
        58_000,
      ),
      v(
        ["Achchiq pitsa", "Острая пицца", "Diablo pizza"],
        ["pepperoni, xalapenyo, chili", "пепперони, халапеньо, чили", "pepperoni, jalapeños, chili"],
        64_000,
      ),
      v(
        ["Firma pitsasi", "Фирменная пицца", "House pizza"],
        [
          "go'sht, qo'ziqorin, qalampir, pishloq",
          "мясо, грибы, перец, сыр",
          "meat, mushrooms, peppers, cheese",
        ],
        72_000,
      ),
    ],
  },
  {
    key: "donar",
    name: ["Donar", "Донар", "Doner"],
    shape: "plate",
    group: "main",
    editions: BREAD_EDITIONS,
    modifiers: true,
    calorie: 700,
    variants: [
      v(
        ["Tovuqli donar", "Донар с курицей", "Chicken doner"],
        ["tovuq, non, salat", "курица, хлеб, салат", "chicken, bread, salad"],
        30_000,
      ),
      v(
        ["Mol go'shtli donar", "Донар с говядиной", "Beef doner"],
        ["mol go'shti, non, salat", "говядина, хлеб, салат", "beef, bread, salad"],
        35_000,
      ),
      v(
        ["Donar kabob", "Донар-кебаб", "Doner kebab"],
        ["go'sht, pita, yogurt sousi", "мясо, пита, йогуртовый соус", "meat, pita, yoghurt sauce"],
        34_000,
      ),
      v(
        ["Donar tarelkada", "Донар на тарелке", "Doner plate"],
        ["go'sht, guruch, fri, salat", "мясо, рис, фри, салат", "meat, rice, fries, salad"],
        45_000,
      ),
      v(
        ["Iskandar donar", "Искандер-донар", "Iskender doner"],
        ["go'sht, pomidor sousi, yogurt", "мясо, томатный соус, йогурт", "meat, tomato sauce, yoghurt"],
        48_000,
      ),
      v(
        ["Donar box", "Донар-бокс", "Doner box"],
        ["go'sht, fri, sous", "мясо, фри, соус", "meat, fries, sauce"],
        32_000,
      ),
      v(
        ["Aralash donar", "Донар микс", "Mixed doner"],
        ["tovuq va mol go'shti", "курица и говядина", "chicken and beef"],
        38_000,
      ),
      v(
        ["Pishloqli donar", "Сырный донар", "Cheese doner"],
        ["go'sht, eritilgan pishloq", "мясо, плавленый сыр", "meat, melted cheese"],
        37_000,
      ),
    ],
  },
  {
    key: "fries",
    name: ["Fri", "Картофель фри", "Fries"],
    shape: "sticks",
    group: "sides",
    editions: PORTIONS,
    modifiers: false,
    calorie: 380,
    variants: [
      v(
        ["Kartoshka fri", "Картофель фри", "French fries"],
        ["tuzli kartoshka", "картофель с солью", "salted potatoes"],
        12_000,
      ),
      v(
        ["Qishloqcha kartoshka", "Картофель по-деревенски", "Potato wedges"],
        ["po'sti bilan kartoshka, ziravorlar", "картофель с кожурой, специи", "skin-on potatoes, spices"],
        14_000,
      ),
      v(
        ["Pishloqli fri", "Фри с сыром", "Cheese fries"],
        ["fri, pishloq sousi", "фри, сырный соус", "fries, cheese sauce"],
        17_000,
      ),
      v(
        ["Achchiq fri", "Острый фри", "Spicy fries"],
        ["fri, paprika, chili", "фри, паприка, чили", "fries, paprika, chili"],
        14_000,
      ),
      v(
        ["Nagetslar", "Наггетсы", "Chicken nuggets"],
        ["tovuq bo'lakchalari", "кусочки курицы", "chicken pieces"],
        20_000,
      ),
      v(
        ["Piyoz halqalari", "Луковые кольца", "Onion rings"],
        ["piyoz, qarsildoq xamir", "лук в хрустящем кляре", "onion in crispy batter"],
        15_000,
      ),
    ],
  },
  {
    key: "salads",
    name: ["Salatlar", "Салаты", "Salads"],
    shape: "bowl",
    group: "sides",
    editions: PORTIONS,
    modifiers: false,
    calorie: 250,
    variants: [
      v(
        ["Sezar salati", "Салат Цезарь", "Caesar salad"],
        [
          "tovuq, salat bargi, parmezan, suxari",
          "курица, романо, пармезан, сухарики",
          "chicken, romaine, parmesan, croutons",
        ],
        32_000,
      ),
      v(
        ["Grek salati", "Греческий салат", "Greek salad"],
        [
          "pomidor, bodring, feta, zaytun",
          "помидоры, огурцы, фета, оливки",
          "tomatoes, cucumbers, feta, olives",
        ],
        28_000,
      ),
      v(
        ["Achchiq-chuchuk salat", "Салат Ачичук", "Achichuk salad"],
        ["pomidor, piyoz, qalampir", "помидоры, лук, перец", "tomatoes, onion, pepper"],
        14_000,
      ),
      v(
        ["Olivye", "Оливье", "Olivier salad"],
        [
          "kartoshka, tovuq, no'xat, mayonez",
          "картофель, курица, горошек, майонез",
          "potatoes, chicken, peas, mayonnaise",
        ],
        22_000,
      ),
      v(
        ["Toshkent salati", "Салат Ташкент", "Tashkent salad"],
        ["mol go'shti, turp, tuxum", "говядина, редька, яйцо", "beef, radish, egg"],
        30_000,
      ),
      v(
        ["Vitamin salati", "Витаминный салат", "Vitamin salad"],
        ["karam, sabzi, olma", "капуста, морковь, яблоко", "cabbage, carrot, apple"],
        16_000,
      ),
      v(
        ["Tovuqli salat", "Салат с курицей", "Chicken salad"],
        ["tovuq, makkajo'xori, salat bargi", "курица, кукуруза, листья салата", "chicken, corn, lettuce"],
        26_000,
      ),
      v(
        ["Tuna salati", "Салат с тунцом", "Tuna salad"],
        ["tuna, tuxum, bodring", "тунец, яйцо, огурцы", "tuna, egg, cucumbers"],
        34_000,
      ),
    ],
  },
  {
    key: "drinks",
    name: ["Ichimliklar", "Напитки", "Drinks"],
    shape: "cup",
    group: "sweet",
    editions: [
      { key: "05", name: ["0,5 l", "0,5 л", "0.5 L"], factor: 1 },
      { key: "1", name: ["1 l", "1 л", "1 L"], factor: 1.6 },
      { key: "15", name: ["1,5 l", "1,5 л", "1.5 L"], factor: 2.1 },
    ],
    modifiers: false,
    calorie: 200,
    variants: [
      v(
        ["Coca-Cola", "Кока-кола", "Coca-Cola"],
        ["gazli ichimlik", "газированный напиток", "soft drink"],
        8_000,
      ),
      v(
        ["Fanta", "Фанта", "Fanta"],
        ["apelsinli gazli ichimlik", "апельсиновая газировка", "orange soda"],
        8_000,
      ),
      v(
        ["Sprite", "Спрайт", "Sprite"],
        ["limonli gazli ichimlik", "лимонная газировка", "lemon-lime soda"],
        8_000,
      ),
      v(
        ["Gazsiz suv", "Вода без газа", "Still water"],
        ["toza ichimlik suvi", "питьевая вода", "drinking water"],
        5_000,
      ),
      v(
        ["Gazli suv", "Вода с газом", "Sparkling water"],
        ["mineral suv", "минеральная вода", "mineral water"],
        5_000,
      ),
      v(
        ["Apelsin sharbati", "Апельсиновый сок", "Orange juice"],
        ["100% sharbat", "100% сок", "100% juice"],
        12_000,
      ),
      v(["Olma sharbati", "Яблочный сок", "Apple juice"], ["100% sharbat", "100% сок", "100% juice"], 11_000),
      v(
        ["Limonad", "Лимонад", "Lemonade"],
        ["limon, yalpiz, shakar", "лимон, мята, сахар", "lemon, mint, sugar"],
        14_000,
      ),
      v(
        ["Muzli choy", "Холодный чай", "Iced tea"],
        ["qora choy, shaftoli", "чёрный чай, персик", "black tea, peach"],
        10_000,
      ),
      v(["Ayron", "Айран", "Ayran"], ["qatiq, suv, tuz", "кисломолочный напиток", "yoghurt drink"], 7_000),
      v(["Kompot", "Компот", "Kompot"], ["quritilgan mevalar", "сухофрукты", "dried fruit"], 7_000),
      v(
        ["Milkshake", "Молочный коктейль", "Milkshake"],
        ["sut, muzqaymoq", "молоко, мороженое", "milk, ice cream"],
        16_000,
      ),
    ],
  },
  {
    key: "desserts",
    name: ["Desertlar", "Десерты", "Desserts"],
    shape: "cake",
    group: "sweet",
    editions: PORTIONS,
    modifiers: false,
    calorie: 420,
    variants: [
      v(
        ["Chizkeyk", "Чизкейк", "Cheesecake"],
        ["yumshoq pishloq, pechenye", "сливочный сыр, печенье", "cream cheese, biscuit"],
        22_000,
      ),
      v(
        ["Shokoladli keks", "Шоколадный маффин", "Chocolate muffin"],
        ["shokolad, xamir", "шоколад, тесто", "chocolate, dough"],
        12_000,
      ),
      v(
        ["Medovik", "Медовик", "Honey cake"],
        ["asal, qaymoq", "мёд, сметанный крем", "honey, sour cream"],
        18_000,
      ),
      v(
        ["Napoleon", "Наполеон", "Napoleon cake"],
        ["qatlamli xamir, krem", "слоёное тесто, заварной крем", "puff pastry, custard"],
        18_000,
      ),
      v(
        ["Muzqaymoq", "Мороженое", "Ice cream"],
        ["vanil, shokolad, qulupnay", "ваниль, шоколад, клубника", "vanilla, chocolate, strawberry"],
        10_000,
      ),
      v(["Donut", "Пончик", "Doughnut"], ["glazur, sepma", "глазурь, посыпка", "glaze, sprinkles"], 9_000),
      v(["Pahlava", "Пахлава", "Baklava"], ["yong'oq, asal", "орехи, мёд", "nuts, honey"], 15_000),
      v(
        ["Brauni", "Брауни", "Brownie"],
        ["qora shokolad, yong'oq", "тёмный шоколад, орехи", "dark chocolate, walnuts"],
        14_000,
      ),
    ],
  },
  {
    key: "sauces",
    name: ["Souslar", "Соусы", "Sauces"],
    shape: "drop",
    group: "sides",
    editions: [
      { key: "30", name: ["30 g", "30 г", "30 g"], factor: 1 },
      { key: "50", name: ["50 g", "50 г", "50 g"], factor: 1.4 },
      { key: "100", name: ["100 g", "100 г", "100 g"], factor: 2.4 },
    ],
    modifiers: false,
    calorie: 90,
    variants: [
      v(["Ketchup", "Кетчуп", "Ketchup"], ["pomidor", "томаты", "tomatoes"], 5_000),
      v(["Mayonez", "Майонез", "Mayonnaise"], ["tuxum, yog'", "яйцо, масло", "egg, oil"], 5_000),
      v(
        ["Sarimsoqli sous", "Чесночный соус", "Garlic sauce"],
        ["sarimsoq, qaymoq", "чеснок, сметана", "garlic, sour cream"],
        5_000,
      ),
      v(
        ["Pishloq sousi", "Сырный соус", "Cheese sauce"],
        ["cheddar pishlog'i", "сыр чеддер", "cheddar"],
        6_000,
      ),
      v(
        ["Barbekyu sousi", "Соус барбекю", "BBQ sauce"],
        ["pomidor, dud", "томаты, дымок", "tomatoes, smoke"],
        6_000,
      ),
      v(
        ["Achchiq sous", "Острый соус", "Hot sauce"],
        ["chili qalampiri", "перец чили", "chili peppers"],
        5_000,
      ),
      v(["Xantal", "Горчица", "Mustard"], ["xantal donlari", "горчичные зёрна", "mustard seeds"], 5_000),
      v(
        ["Shirin-achchiq sous", "Кисло-сладкий соус", "Sweet and sour sauce"],
        ["ananas, sirka", "ананас, уксус", "pineapple, vinegar"],
        6_000,
      ),
    ],
  },
  {
    key: "combos",
    name: ["Kombo", "Комбо", "Combos"],
    shape: "box",
    group: "combo",
    editions: [
      { key: "solo", name: ["bir kishilik", "на одного", "for one"], factor: 1 },
      { key: "duo", name: ["ikki kishilik", "на двоих", "for two"], factor: 1.8 },
      { key: "family", name: ["oilaviy", "семейный", "family"], factor: 2.7 },
    ],
    modifiers: false,
    calorie: 1_100,
    variants: [
      v(
        ["Lavash kombo", "Комбо с лавашем", "Lavash combo"],
        ["lavash, fri, ichimlik", "лаваш, фри, напиток", "lavash, fries, drink"],
        35_000,
      ),
      v(
        ["Burger kombo", "Комбо с бургером", "Burger combo"],
        ["burger, fri, ichimlik", "бургер, фри, напиток", "burger, fries, drink"],
        34_000,
      ),
      v(
        ["Shaurma kombo", "Комбо с шаурмой", "Shawarma combo"],
        ["shaurma, fri, ichimlik", "шаурма, фри, напиток", "shawarma, fries, drink"],
        34_000,
      ),
      v(
        ["Hot-dog kombo", "Комбо с хот-догом", "Hot dog combo"],
        ["hot-dog, fri, ichimlik", "хот-дог, фри, напиток", "hot dog, fries, drink"],
        26_000,
      ),
      v(
        ["Donar kombo", "Комбо с донаром", "Doner combo"],
        ["donar, salat, ichimlik", "донар, салат, напиток", "doner, salad, drink"],
        38_000,
      ),
      v(
        ["Nagets kombo", "Комбо с наггетсами", "Nuggets combo"],
        ["nagets, fri, sous, ichimlik", "наггетсы, фри, соус, напиток", "nuggets, fries, sauce, drink"],
        30_000,
      ),
      v(
        ["Bolalar kombosi", "Детское комбо", "Kids combo"],
        [
          "mini burger, fri, sharbat, o'yinchoq",
          "мини-бургер, фри, сок, игрушка",
          "mini burger, fries, juice, toy",
        ],
        28_000,
      ),
      v(
        ["Pitsa kombo", "Комбо с пиццей", "Pizza combo"],
        ["pitsa 25 sm, ichimlik", "пицца 25 см, напиток", "25 cm pizza, drink"],
        45_000,
      ),
    ],
  },
];

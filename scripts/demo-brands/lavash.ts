// "lavash": the big fast-food demo brand (docs/decisions.md, "Demo brands").
import type { Brand, Text } from "./common.ts";
import {
  ALWAYS_FROM,
  ALWAYS_TO,
  EXPIRED_FROM,
  EXPIRED_TO,
  FUTURE_FROM,
  SAMARKAND,
  TASHKENT,
  aroundTheClock,
  cityZones,
  hours,
  paymentMethods,
  price,
  ring,
} from "./common.ts";
import {
  BANNER_SIZE,
  BrandImages,
  bannerSvg,
  faviconSvg,
  foodSvg,
  type Shape,
  logoSvg,
  storyPreviewSvg,
  storySvg,
} from "./images.ts";
import { KINDS, type Kind, type T3 } from "./lavash-menu.ts";

type Group = NonNullable<NonNullable<Brand["menu"]>["groups"]>[number];
type Category = NonNullable<Group["categories"]>[number];
type Product = NonNullable<Category["products"]>[number];
type ModGroup = NonNullable<Product["modificationGroups"]>[number];

const t = ([uz, ru, eng]: T3): Text => ({ uz, ru, eng });
const BRANDS_COLOR = "#FCE000";

function modifierGroups(kind: Kind): ModGroup[] {
  if (!kind.modifiers) return [];
  return [
    {
      key: "size",
      name: { uz: "O'lcham", ru: "Размер", eng: "Size" },
      minSelect: 1,
      maxSelect: 1,
      priority: 1,
      modifications: [
        { key: "mini", name: { uz: "Mini", ru: "Мини", eng: "Mini" }, price: 0, priority: 1 },
        {
          key: "standard",
          name: { uz: "Standart", ru: "Стандарт", eng: "Standard" },
          price: 5_000,
          priority: 2,
        },
        { key: "big", name: { uz: "Katta", ru: "Большой", eng: "Big" }, price: 9_000, priority: 3 },
      ],
    },
    {
      key: "extras",
      name: { uz: "Qo'shimchalar", ru: "Добавки", eng: "Extras" },
      minSelect: 0,
      maxSelect: 3,
      priority: 2,
      modifications: [
        { key: "cheese", name: { uz: "Pishloq", ru: "Сыр", eng: "Cheese" }, price: 4_000, priority: 1 },
        {
          key: "jalapeno",
          name: { uz: "Xalapenyo", ru: "Халапеньо", eng: "Jalapeños" },
          price: 3_000,
          priority: 2,
        },
        {
          key: "meat",
          name: { uz: "Qo'shimcha go'sht", ru: "Двойное мясо", eng: "Extra meat" },
          price: 10_000,
          priority: 3,
        },
        {
          key: "fries",
          name: { uz: "Ichida fri", ru: "Фри внутри", eng: "Fries inside" },
          price: 3_000,
          priority: 4,
        },
        {
          key: "mushrooms",
          name: { uz: "Qo'ziqorin", ru: "Грибы", eng: "Mushrooms" },
          price: 4_000,
          priority: 5,
        },
      ],
    },
  ];
}

function products(kind: Kind, image: string, counter: { n: number }): Product[] {
  return kind.variants.flatMap((variant, vi) =>
    kind.editions.map((edition, ei): Product => {
      const n = counter.n++;
      const [uz, ru, eng] = variant.name;
      const [wUz, wRu, wEng] = variant.with;
      const [eUz, eRu, eEng] = edition.name;
      return {
        key: `${kind.key}-${vi + 1}-${edition.key}`,
        name: { uz: `${uz}, ${eUz}`, ru: `${ru}, ${eRu}`, eng: `${eng}, ${eEng}` },
        description: {
          uz: `Tarkibi: ${wUz}. ${kind.name[0]} — ${eUz}.`,
          ru: `Состав: ${wRu}. ${kind.name[1]} — ${eRu}.`,
          eng: `Made with ${wEng}. ${kind.name[2]}, ${eEng}.`,
        },
        image,
        costPrice: price(variant.price * edition.factor),
        // About one product in ten is on sale.
        discount: n % 10 === 3 ? [10, 15, 20][n % 3] : 0,
        isCartRecommendation: ei === 0 && vi < 2 && ["fries", "drinks", "sauces"].includes(kind.key),
        calorie: Math.round(kind.calorie * edition.factor),
        timeCookingMin: kind.group === "main" ? 8 : 2,
        timeCookingMax: kind.group === "main" ? 15 : 5,
        priority: vi * 10 + ei,
        tags: [kind.key],
        labels: n % 10 === 3 ? [{ name: { uz: "Aksiya", ru: "Акция", eng: "Sale" }, color: "#E53935" }] : [],
        modificationGroups: modifierGroups(kind),
      };
    }),
  );
}

// Each group's icon (a dish of the group on its own colour) shows in its title and tab.
const GROUPS: { key: Kind["group"]; name: Text; icon: Shape; iconBgColor: string }[] = [
  {
    key: "main",
    name: { uz: "Asosiy taomlar", ru: "Основное меню", eng: "Main menu" },
    icon: "wrap",
    iconBgColor: "#FFE9A8",
  },
  {
    key: "sides",
    name: { uz: "Gazaklar va souslar", ru: "Закуски и соусы", eng: "Sides and sauces" },
    icon: "sticks",
    iconBgColor: "#FFD9C7",
  },
  {
    key: "sweet",
    name: { uz: "Ichimliklar va desertlar", ru: "Напитки и десерты", eng: "Drinks and desserts" },
    icon: "cup",
    iconBgColor: "#D7ECFF",
  },
  {
    key: "combo",
    name: { uz: "Kombo to'plamlar", ru: "Комбо-наборы", eng: "Combo sets" },
    icon: "box",
    iconBgColor: "#E3F4D7",
  },
];

function menu(images: BrandImages): Group[] {
  const counter = { n: 0 };
  return GROUPS.map((group, gi) => ({
    key: group.key,
    name: group.name,
    icon: images.add(
      `group-${group.key}`,
      foodSvg(group.icon, group.iconBgColor, "#C62828", group.name.eng ?? group.key),
    ),
    iconBgColor: group.iconBgColor,
    priority: gi + 1,
    categories: KINDS.filter((k) => k.group === group.key).map((kind, ci) => {
      const image = images.add(kind.key, foodSvg(kind.shape, "#FFF8C4", "#F4A300", kind.name[2]));
      return {
        key: kind.key,
        name: t(kind.name),
        image,
        priority: ci + 1,
        products: products(kind, image, counter),
      };
    }),
  }));
}

const PHONE = "+998712000001";

export function lavash(): { file: Brand; images: BrandImages } {
  const images = new BrandImages("lavash");
  const logo = images.add("logo", logoSvg("LE", BRANDS_COLOR, "#1A1A1A", "Lavash Express"));
  const favicon = images.add("favicon", faviconSvg("L", BRANDS_COLOR, "#1A1A1A"));
  const groups = menu(images);
  const allDay = aroundTheClock(["PICK_UP", "DELIVERY"]);
  const file: Brand = {
    version: 1,
    merchant: {
      sub: "lavash",
      name: { uz: "Lavash Ekspress", ru: "Лаваш Экспресс", eng: "Lavash Express" },
      logo,
      color: BRANDS_COLOR,
      integrations: {
        telegramBotToken: "7000000001:DEMO_lavash_bot_token_for_local_testing_only",
        telegramBotUsername: "savat_lavash_demo_bot",
        paymeMerchantId: "000000000000000000000001",
        paymeKey: "DEMO-lavash-payme-test-key-for-local-testing-only",
      },
    },
    webSettings: {
      logo,
      favicon,
      brand: "Lavash Express",
      title: "Lavash Express",
      mainColor: BRANDS_COLOR,
      mainColorType: "LIGHT",
      isDark: false,
      mainLanguage: "ru",
      uzLangActive: true,
      ruLangActive: true,
      engLangActive: true,
      deliveryActive: true,
      pickupActive: true,
      branchesActive: true,
      favouriteActive: true,
      promoActive: true,
      cashbackActive: true,
      cancelOrderActive: true,
      cartPageActive: true,
      cartInMainActive: true,
      shouldValidateDeliveryArea: true,
      aboutMerchantActive: true,
      privacyActive: true,
      termsOfUseActive: true,
      vacanciesActive: true,
      bannersActive: true,
      storiesActive: true,
      notificationsActive: true,
      cashActive: true,
      terminalActive: true,
      // Customers may pay online with Payme (the demo's fake checkout, PAYME_CHECKOUT_URL).
      paymeActive: true,
      // Customers may save a card and pay with it in the app (Payme's Subscribe API; the demo's
      // built-in fake unless PAYME_API_URL is set).
      cardActive: true,
      phone: PHONE,
      phoneActive: true,
      telegramBotActive: true,
      telegramBotLink: "https://t.me/savat_lavash_demo_bot",
      // The brand's channels and apps, shown in the footer and the profile (fictional accounts).
      telegram: "lavash_express_news",
      telegramActive: true,
      instagram: "lavash.express.demo",
      instagramActive: true,
      iosAppLink: "https://apps.apple.com/app/id6400000001",
      iosAppActive: true,
      androidAppLink: "https://play.google.com/store/apps/details?id=uz.savat.lavash.demo",
      androidAppActive: true,
      basketPosition: "NAVIGATION_BAR",
      leftCopyWrite: { uz: "© Lavash Ekspress", ru: "© Лаваш Экспресс", eng: "© Lavash Express" },
    },
    policies: {
      TERMS: {
        uz: "Buyurtma berish orqali siz narxlar va yetkazib berish shartlariga rozilik bildirasiz. Bu demo do'kon.",
        ru: "Оформляя заказ, вы соглашаетесь с ценами и условиями доставки. Это демонстрационный магазин.",
        eng: "By placing an order you accept the prices and delivery terms. This is a demo store.",
      },
      ABOUT_COMPANY: {
        uz: "Lavash Ekspress — Toshkent va Samarqanddagi tezkor taomlar tarmog'i (to'qima brend).",
        ru: "Лаваш Экспресс — сеть быстрого питания в Ташкенте и Самарканде (вымышленный бренд).",
        eng: "Lavash Express is a fast-food chain in Tashkent and Samarkand (a fictional brand).",
      },
      PRIVACY_POLICY: {
        uz: "Telefon raqamingiz va manzilingiz faqat buyurtmani yetkazish uchun ishlatiladi.",
        ru: "Ваш телефон и адрес используются только для доставки заказа.",
        eng: "Your phone number and address are used only to deliver your order.",
      },
    },
    cities: [
      {
        key: "tashkent",
        name: { uz: "Toshkent", ru: "Ташкент", eng: "Tashkent" },
        ...TASHKENT,
        isMain: true,
      },
      // Samarkand's couriers charge by the taximeter (the city's isTaximeter): shown at checkout.
      {
        key: "samarkand",
        name: { uz: "Samarqand", ru: "Самарканд", eng: "Samarkand" },
        ...SAMARKAND,
        isTaximeter: true,
        taximeterComment: {
          uz: "Taksometr bo'yicha: 5 000 so'mdan va har km uchun 2 000 so'm",
          ru: "По таксометру: от 5 000 сум и 2 000 сум за км",
          eng: "By the taximeter: from 5,000 sum plus 2,000 sum per km",
        },
      },
    ],
    branches: [
      {
        key: "tashkent-chilonzor",
        cityKey: "tashkent",
        name: { uz: "Chilonzor (24/7)", ru: "Чиланзар (24/7)", eng: "Chilonzor (24/7)" },
        address: { uz: "Chilonzor ko'chasi, 12", ru: "ул. Чиланзар, 12", eng: "12 Chilonzor St" },
        phone: PHONE,
        latitude: 41.285612,
        longitude: 69.203914,
        isMain: true,
        open: "00:00",
        close: "23:59",
        deliveryPrice: 10_000,
        settings: { pickupEnabled: true, deliveryEnabled: true },
        workHours: allDay,
      },
      {
        key: "tashkent-yunusabad",
        cityKey: "tashkent",
        name: { uz: "Yunusobod", ru: "Юнусабад", eng: "Yunusabad" },
        address: {
          uz: "Amir Temur shoh ko'chasi, 107",
          ru: "пр. Амира Темура, 107",
          eng: "107 Amir Temur Ave",
        },
        phone: "+998712000002",
        latitude: 41.350842,
        longitude: 69.285215,
        open: "10:00",
        close: "23:00",
        deliveryPrice: 10_000,
        settings: { pickupEnabled: true, deliveryEnabled: true },
        workHours: [hours("PICK_UP", "10:00", "23:00"), hours("DELIVERY", "10:00", "22:30")],
      },
      {
        key: "tashkent-mirobod",
        cityKey: "tashkent",
        name: { uz: "Mirobod", ru: "Мирабад", eng: "Mirobod" },
        address: { uz: "Nukus ko'chasi, 45", ru: "ул. Нукус, 45", eng: "45 Nukus St" },
        phone: "+998712000003",
        latitude: 41.295274,
        longitude: 69.273911,
        open: "09:00",
        close: "22:00",
        deliveryPrice: 10_000,
        settings: { pickupEnabled: true, deliveryEnabled: true },
        workHours: [
          hours("PICK_UP", "09:00", "22:00", ["SUNDAY"]),
          hours("DELIVERY", "09:00", "21:30", ["SUNDAY"]),
        ],
      },
      {
        key: "samarkand-registan",
        cityKey: "samarkand",
        name: { uz: "Registon", ru: "Регистан", eng: "Registan" },
        address: { uz: "Registon ko'chasi, 8", ru: "ул. Регистан, 8", eng: "8 Registan St" },
        phone: "+998662000004",
        latitude: 39.654921,
        longitude: 66.975812,
        open: "10:00",
        close: "23:00",
        deliveryPrice: 12_000,
        settings: { pickupEnabled: true, deliveryEnabled: true },
        workHours: [hours("PICK_UP", "10:00", "23:00"), hours("DELIVERY", "10:00", "22:30")],
      },
    ],
    deliveryRegions: [
      ...cityZones({
        cityKey: "tashkent",
        keyPrefix: "tashkent",
        centre: TASHKENT,
        innerKm: 6,
        outerKm: 14,
        innerPrice: 10_000,
        outerPrice: 15_000,
        name: { uz: "Toshkent markazi", ru: "Центр Ташкента", eng: "Tashkent centre" },
        quarterNames: [
          { uz: "Shimoli-sharq", ru: "Северо-восток", eng: "North-east" },
          { uz: "Shimoli-g'arb", ru: "Северо-запад", eng: "North-west" },
          { uz: "Janubi-g'arb", ru: "Юго-запад", eng: "South-west" },
          { uz: "Janubi-sharq", ru: "Юго-восток", eng: "South-east" },
        ],
      }),
      {
        key: "samarkand-city",
        cityKey: "samarkand",
        name: { uz: "Samarqand shahri", ru: "Самарканд", eng: "Samarkand city" },
        polygon: ring(SAMARKAND, 8, 7, 14),
        color: "#2E7D32",
        price: 12_000,
        priority: 10,
      },
    ],
    orderSettings: {
      feeFreeThreshold: 150_000,
      minOrderAmount: 30_000,
      cashbackPercent: 2,
      minimalDeliveryPrice: 10_000,
    },
    paymentMethods: paymentMethods(["CASH", "TERMINAL", "PAYME", "CARD"]),
    menu: { groups },
    promos: [
      {
        key: "lavash10",
        code: "LAVASH10",
        discountType: "PERCENTAGE",
        productDiscount: 10,
        startDate: ALWAYS_FROM,
        endDate: ALWAYS_TO,
      },
      {
        key: "save15k",
        code: "SAVE15K",
        discountType: "AMOUNT",
        productDiscount: 15_000,
        minPrice: 100_000,
        startDate: ALWAYS_FROM,
        endDate: ALWAYS_TO,
      },
      {
        key: "old2024",
        code: "OLD2024",
        discountType: "PERCENTAGE",
        productDiscount: 20,
        startDate: EXPIRED_FROM,
        endDate: EXPIRED_TO,
      },
      {
        key: "future",
        code: "FUTURE",
        discountType: "PERCENTAGE",
        productDiscount: 25,
        startDate: FUTURE_FROM,
        endDate: ALWAYS_TO,
      },
    ],
    vacancies: [
      {
        key: "cook",
        position: { uz: "Lavash oshpazi", ru: "Повар лаваша", eng: "Lavash cook" },
        responsible: "Dilnoza Karimova",
        phone: "+998712000010",
        telegram: "lavash_hr",
        salary: 6_500_000,
        branchKey: "tashkent-chilonzor",
        requirements: {
          uz: "Fast-fud oshxonasida 1 yildan tajriba.\nTibbiy daftarcha.\n2/2 smena, 10:00 dan 22:00 gacha.\nBepul ovqat va forma.",
          ru: "Опыт работы на кухне фастфуда от 1 года.\nМедицинская книжка.\nГрафик 2/2, с 10:00 до 22:00.\nБесплатное питание и форма.",
          eng: "1+ year in a fast-food kitchen.\nA health certificate.\nShifts 2 on / 2 off, 10:00 to 22:00.\nFree meals and uniform.",
        },
        priority: 1,
      },
      {
        key: "courier",
        position: {
          uz: "Kuryer (shaxsiy avtomobil)",
          ru: "Курьер на личном авто",
          eng: "Courier with own car",
        },
        responsible: "Jasur Toshmatov",
        phone: "+998712000011",
        telegram: "lavash_couriers",
        salary: 7_000_000,
        cityKey: "tashkent",
        requirements: {
          uz: "B toifali haydovchilik guvohnomasi.\nShaxsiy avtomobil va smartfon.\nErkin jadval, har hafta to'lov.",
          ru: "Водительские права категории B.\nЛичный автомобиль и смартфон.\nСвободный график, выплаты каждую неделю.",
          eng: "A category B driving licence.\nYour own car and a smartphone.\nFree schedule, paid every week.",
        },
        priority: 2,
      },
      {
        key: "cashier",
        position: { uz: "Kassir", ru: "Кассир", eng: "Cashier" },
        responsible: "Malika Yusupova",
        phone: "+998712000012",
        salary: null,
        branchKey: "samarkand-registan",
        requirements: {
          uz: "O'zbek va rus tillarini bilish.\nXushmuomalalik.\nTajriba shart emas — o'rgatamiz.",
          ru: "Знание узбекского и русского языков.\nВежливость.\nОпыт не обязателен — обучим.",
          eng: "Uzbek and Russian.\nFriendly with guests.\nNo experience needed: we train you.",
        },
        priority: 3,
      },
    ],
    banners: [
      {
        key: "lavash",
        title: { uz: "Yangi: tovuqli lavash", ru: "Новинка: лаваш с курицей", eng: "New: chicken lavash" },
        image: images.add(
          "banner-lavash",
          bannerSvg(["wrap", "cup"], "#E65100", BRANDS_COLOR, "#FFF3E0", "Chicken lavash"),
        ),
        ...BANNER_SIZE,
        productKey: "lavash-1-classic",
        priority: 1,
      },
      {
        key: "combo",
        title: {
          uz: "Kombo bilan 30 000 so'mgacha tejang",
          ru: "Комбо: экономия до 30 000 сум",
          eng: "Combos: save up to 30,000 sum",
        },
        image: images.add(
          "banner-combo",
          bannerSvg(["box", "sticks", "cup"], "#2E7D32", BRANDS_COLOR, "#FFF8E1", "Combos"),
        ),
        ...BANNER_SIZE,
        categoryKey: "combos",
        priority: 2,
      },
      {
        key: "promo",
        title: {
          uz: "LAVASH10 — birinchi buyurtmaga 10%",
          ru: "LAVASH10 — 10% на первый заказ",
          eng: "LAVASH10: 10% off your first order",
        },
        image: images.add(
          "banner-promo",
          bannerSvg(["slice", "drop"], "#6A1B9A", BRANDS_COLOR, "#FCE4EC", "Promo code"),
        ),
        ...BANNER_SIZE,
        promoKey: "lavash10",
        priority: 3,
      },
      {
        key: "jobs",
        title: { uz: "Jamoamizga qo'shiling", ru: "Приходите к нам работать", eng: "Come and work with us" },
        image: images.add(
          "banner-jobs",
          bannerSvg(["bun", "plate"], "#1565C0", BRANDS_COLOR, "#E3F2FD", "Careers"),
        ),
        ...BANNER_SIZE,
        link: "https://t.me/lavash_hr",
        priority: 4,
      },
    ],
    extraPages: [
      {
        slug: "extra",
        title: { uz: "Yetkazib berish", ru: "Доставка", eng: "Delivery" },
        body: {
          uz: "Toshkent va Samarqand bo'ylab har kuni 09:00 dan 23:00 gacha yetkazamiz.\n\nYetkazish narxi hududga bog'liq va buyurtma berishda ko'rsatiladi; Samarqandda kuryer taksometr bo'yicha oladi. Odatda 30-60 daqiqa.",
          ru: "Доставляем по Ташкенту и Самарканду каждый день с 09:00 до 23:00.\n\nЦена доставки зависит от района и видна при оформлении заказа; в Самарканде курьер берёт по таксометру. Обычно 30–60 минут.",
          eng: "We deliver across Tashkent and Samarkand every day from 09:00 to 23:00.\n\nThe delivery price depends on the area and shows at checkout; in Samarkand the courier charges by the taximeter. It usually takes 30-60 minutes.",
        },
      },
      {
        slug: "extra2",
        title: { uz: "Franshiza", ru: "Франшиза", eng: "Franchise" },
        body: {
          uz: "O'z shahringizda Lavash Ekspress ochmoqchimisiz? Bizga +998 71 200 00 01 raqamiga qo'ng'iroq qiling.\n\nBu demo do'kon: franshiza to'qima.",
          ru: "Хотите открыть Лаваш Экспресс в своём городе? Позвоните нам: +998 71 200 00 01.\n\nЭто демонстрационный магазин: франшиза вымышленная.",
          eng: "Want to open a Lavash Express in your town? Call us on +998 71 200 00 01.\n\nThis is a demo store: the franchise is fictional.",
        },
      },
    ],
    // The brand's news in every customer's notifications (order status notifications come on top).
    notifications: [
      {
        key: "welcome",
        title: { uz: "Xush kelibsiz!", ru: "Добро пожаловать!", eng: "Welcome!" },
        body: {
          uz: "Buyurtmangiz holati shu yerda ko'rinadi: qabul qilindi, tayyorlanmoqda, yo'lda.",
          ru: "Здесь вы увидите, что с вашим заказом: принят, готовится, в пути.",
          eng: "This is where you see how your order is doing: accepted, cooking, on its way.",
        },
        date: "2026-01-05T10:00:00+05:00",
      },
      {
        key: "combo-week",
        title: { uz: "Kombo haftaligi", ru: "Неделя комбо", eng: "Combo week" },
        body: {
          uz: "Dushanbadan yakshanbagacha har bir kombo bilan ichimlik sovg'a.",
          ru: "С понедельника по воскресенье к каждому комбо напиток в подарок.",
          eng: "Monday to Sunday, a free drink with every combo.",
        },
        date: "2026-02-02T09:00:00+05:00",
      },
    ],
    stories: [
      {
        key: "new",
        title: { uz: "Yangiliklar", ru: "Новинки", eng: "New" },
        preview: images.add("story-new", storyPreviewSvg("wrap", "#E65100", "#FFF3E0", "New")),
        slides: [
          {
            url: images.add(
              "story-new-lavash",
              storySvg("wrap", "#E65100", BRANDS_COLOR, "#FFF3E0", "Chicken lavash"),
            ),
            duration: 5,
            button: {
              label: { uz: "Buyurtma berish", ru: "Заказать", eng: "Order now" },
              productKey: "lavash-1-classic",
            },
          },
          {
            url: images.add(
              "story-new-burger",
              storySvg("bun", "#BF360C", BRANDS_COLOR, "#FFE0B2", "Hamburger"),
            ),
            duration: 5,
            button: {
              label: { uz: "Buyurtma berish", ru: "Заказать", eng: "Order now" },
              productKey: "burger-1-single",
            },
          },
        ],
        priority: 1,
      },
      {
        key: "combo",
        title: { uz: "Kombo", ru: "Комбо", eng: "Combos" },
        preview: images.add("story-combo", storyPreviewSvg("box", "#2E7D32", "#FFF8E1", "Combos")),
        slides: [
          {
            url: images.add(
              "story-combo-1",
              storySvg("box", "#2E7D32", BRANDS_COLOR, "#FFF8E1", "Combo for one"),
            ),
            duration: 5,
            button: {
              label: { uz: "Komboni ko'rish", ru: "Смотреть комбо", eng: "See the combo" },
              productKey: "combos-1-solo",
            },
          },
          {
            url: images.add(
              "story-combo-2",
              storySvg("sticks", "#1B5E20", BRANDS_COLOR, "#FFF8E1", "Fries and a drink"),
            ),
            duration: 4,
          },
          // A short muted clip (public/demo/lavash/story-grill.webm, 4 s, VP8, recorded from a canvas).
          {
            type: "video",
            url: "/demo/lavash/story-grill.webm",
            poster: images.add(
              "story-grill-poster",
              storySvg("wrap", "#E65100", BRANDS_COLOR, "#FFF3E0", "Hot from the grill"),
            ),
            duration: 6,
          },
        ],
        priority: 2,
      },
      {
        key: "desserts",
        title: { uz: "Shirinliklar", ru: "Десерты", eng: "Desserts" },
        preview: images.add("story-desserts", storyPreviewSvg("cake", "#AD1457", "#FCE4EC", "Desserts")),
        slides: [
          {
            url: images.add(
              "story-desserts-1",
              storySvg("cake", "#AD1457", BRANDS_COLOR, "#FCE4EC", "Cheesecake"),
            ),
            duration: 5,
            button: {
              label: { uz: "Buyurtma berish", ru: "Заказать", eng: "Order now" },
              productKey: "desserts-1-small",
            },
          },
        ],
        priority: 3,
      },
      {
        key: "jobs",
        title: { uz: "Ish o'rinlari", ru: "Работа у нас", eng: "Careers" },
        preview: images.add("story-jobs", storyPreviewSvg("plate", "#1565C0", "#E3F2FD", "Careers")),
        slides: [
          {
            url: images.add("story-jobs-1", storySvg("plate", "#1565C0", BRANDS_COLOR, "#E3F2FD", "Careers")),
            duration: 6,
            button: {
              label: { uz: "HR bilan yozishish", ru: "Написать в HR", eng: "Message HR" },
              link: "https://t.me/lavash_hr",
            },
          },
        ],
        priority: 4,
      },
    ],
    brands: [
      {
        key: "lavash",
        sub: "lavash",
        name: { uz: "Lavash Ekspress", ru: "Лаваш Экспресс", eng: "Lavash Express" },
        color: BRANDS_COLOR,
        image: logo,
        priority: 1,
      },
      {
        key: "plov",
        sub: "plov",
        name: { uz: "Osh Markazi", ru: "Плов Центр", eng: "Plov Centre" },
        color: "#8D5524",
        image: "/demo/plov/logo.svg",
        priority: 2,
      },
      {
        key: "sushi",
        sub: "sushi",
        name: { uz: "Sushi Wave", ru: "Суши Вейв", eng: "Sushi Wave" },
        color: "#E53950",
        image: "/demo/sushi/logo.svg",
        priority: 3,
      },
    ],
  };
  return { file, images };
}

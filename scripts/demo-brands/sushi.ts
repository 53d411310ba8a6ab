// "sushi": delivery only, English / Russian / Chinese / Arabic, horizontal category scroll.
import type { Brand, Text } from "./common.ts";
import {
  ALWAYS_FROM,
  ALWAYS_TO,
  TASHKENT,
  aroundTheClock,
  cityZones,
  hours,
  paymentMethods,
  price,
} from "./common.ts";
import {
  BANNER_SIZE,
  bannerSvg,
  BrandImages,
  faviconSvg,
  foodSvg,
  logoSvg,
  storyPreviewSvg,
  storySvg,
  type Shape,
} from "./images.ts";

type Group = NonNullable<NonNullable<Brand["menu"]>["groups"]>[number];
type Category = NonNullable<Group["categories"]>[number];

/** [eng, ru, zh, ar] */
type T4 = [string, string, string, string];
const t = ([eng, ru, zh, ar]: T4): Text => ({ eng, ru, zh, ar });

interface SushiKind {
  key: string;
  name: T4;
  shape: Shape;
  editions: { key: string; name: T4; factor: number }[];
  items: [T4, number][];
}

const PIECE = [{ key: "one", name: ["", "", "", ""] as T4, factor: 1 }];

const KINDS: SushiKind[] = [
  {
    key: "rolls",
    name: ["Rolls", "Роллы", "卷寿司", "رولات"],
    shape: "roll",
    editions: [
      { key: "4", name: ["4 pcs", "4 шт", "4 块", "4 قطع"], factor: 0.55 },
      { key: "8", name: ["8 pcs", "8 шт", "8 块", "8 قطع"], factor: 1 },
    ],
    items: [
      [["Philadelphia roll", "Ролл Филадельфия", "费城卷", "رول فيلادلفيا"], 62_000],
      [["California roll", "Ролл Калифорния", "加州卷", "رول كاليفورنيا"], 55_000],
      [["Salmon maki", "Маки с лососем", "三文鱼细卷", "ماكي السلمون"], 32_000],
      [["Tuna maki", "Маки с тунцом", "金枪鱼细卷", "ماكي التونة"], 34_000],
      [["Cucumber maki", "Маки с огурцом", "黄瓜细卷", "ماكي الخيار"], 18_000],
      [["Dragon roll", "Ролл Дракон", "龙卷", "رول التنين"], 72_000],
      [["Canada roll", "Ролл Канада", "加拿大卷", "رول كندا"], 68_000],
      [["Eel avocado roll", "Ролл с угрём и авокадо", "鳗鱼牛油果卷", "رول الأنقليس والأفوكادو"], 70_000],
      [["Spicy salmon roll", "Острый ролл с лососем", "辣味三文鱼卷", "رول السلمون الحار"], 58_000],
      [["Shrimp tempura roll", "Ролл с креветкой темпура", "天妇罗虾卷", "رول الروبيان تمبورا"], 60_000],
    ],
  },
  {
    key: "nigiri",
    name: ["Nigiri", "Нигири", "握寿司", "نيغيري"],
    shape: "plate",
    editions: PIECE,
    items: [
      [["Salmon nigiri", "Нигири с лососем", "三文鱼握寿司", "نيغيري السلمون"], 16_000],
      [["Tuna nigiri", "Нигири с тунцом", "金枪鱼握寿司", "نيغيري التونة"], 18_000],
      [["Eel nigiri", "Нигири с угрём", "鳗鱼握寿司", "نيغيري الأنقليس"], 20_000],
      [["Shrimp nigiri", "Нигири с креветкой", "虾握寿司", "نيغيري الروبيان"], 17_000],
      [["Scallop nigiri", "Нигири с гребешком", "扇贝握寿司", "نيغيري الإسكالوب"], 24_000],
      [["Octopus nigiri", "Нигири с осьминогом", "章鱼握寿司", "نيغيري الأخطبوط"], 19_000],
      [["Tamago nigiri", "Нигири тамаго", "玉子握寿司", "نيغيري تاماغو"], 10_000],
      [
        ["Seared salmon nigiri", "Нигири с опалённым лососем", "炙烤三文鱼握寿司", "نيغيري السلمون المشوي"],
        18_000,
      ],
      [["Avocado nigiri", "Нигири с авокадо", "牛油果握寿司", "نيغيري الأفوكادو"], 9_000],
      [["Salmon roe gunkan", "Гункан с икрой лосося", "三文鱼子军舰", "غونكان بيض السلمون"], 26_000],
    ],
  },
  {
    key: "sets",
    name: ["Sets", "Сеты", "套餐", "مجموعات"],
    shape: "box",
    editions: PIECE,
    items: [
      [
        ["Philadelphia set, 24 pcs", "Сет Филадельфия, 24 шт", "费城套餐 24 块", "مجموعة فيلادلفيا 24 قطعة"],
        95_000,
      ],
      [
        ["Classic set, 16 pcs", "Сет Классика, 16 шт", "经典套餐 16 块", "المجموعة الكلاسيكية 16 قطعة"],
        78_000,
      ],
      [["Maki set, 24 pcs", "Маки-сет, 24 шт", "细卷套餐 24 块", "مجموعة ماكي 24 قطعة"], 65_000],
      [["Hot set, 16 pcs", "Горячий сет, 16 шт", "热卷套餐 16 块", "المجموعة الساخنة 16 قطعة"], 85_000],
      [
        [
          "Vegetarian set, 16 pcs",
          "Вегетарианский сет, 16 шт",
          "素食套餐 16 块",
          "المجموعة النباتية 16 قطعة",
        ],
        56_000,
      ],
      [["Salmon lovers set", "Сет Лосось", "三文鱼爱好者套餐", "مجموعة عشاق السلمون"], 92_000],
      [["Lunch set", "Сет Ланч", "午餐套餐", "مجموعة الغداء"], 48_000],
      [["Party set, 32 pcs", "Сет для компании, 32 шт", "派对套餐 32 块", "مجموعة الحفلة 32 قطعة"], 95_000],
    ],
  },
  {
    key: "hot-rolls",
    name: ["Hot rolls", "Горячие роллы", "热卷", "رولات ساخنة"],
    shape: "roll",
    editions: PIECE,
    items: [
      [["Baked salmon roll", "Запечённый ролл с лососем", "焗三文鱼卷", "رول السلمون المخبوز"], 58_000],
      [["Tempura roll", "Темпура-ролл", "天妇罗卷", "رول تمبورا"], 52_000],
      [["Baked crab roll", "Запечённый ролл с крабом", "焗蟹肉卷", "رول السلطعون المخبوز"], 50_000],
      [["Chicken tempura roll", "Ролл темпура с курицей", "天妇罗鸡肉卷", "رول الدجاج تمبورا"], 44_000],
      [["Baked eel roll", "Запечённый ролл с угрём", "焗鳗鱼卷", "رول الأنقليس المخبوز"], 64_000],
      [
        [
          "Spicy baked shrimp roll",
          "Острый запечённый ролл с креветкой",
          "辣焗虾卷",
          "رول الروبيان الحار المخبوز",
        ],
        56_000,
      ],
      [["Cheese tempura roll", "Сырный темпура-ролл", "芝士天妇罗卷", "رول الجبن تمبورا"], 46_000],
      [["Baked scallop roll", "Запечённый ролл с гребешком", "焗扇贝卷", "رول الإسكالوب المخبوز"], 68_000],
    ],
  },
  {
    key: "soups",
    name: ["Soups", "Супы", "汤", "حساء"],
    shape: "bowl",
    editions: PIECE,
    items: [
      [["Miso soup", "Мисо-суп", "味噌汤", "حساء ميسو"], 18_000],
      [["Tom yum", "Том ям", "冬阴功汤", "توم يام"], 42_000],
      [["Ramen", "Рамен", "拉面", "رامن"], 45_000],
      [["Udon with chicken", "Удон с курицей", "鸡肉乌冬面", "أودون بالدجاج"], 38_000],
      [["Seafood soup", "Суп с морепродуктами", "海鲜汤", "حساء المأكولات البحرية"], 48_000],
    ],
  },
  {
    key: "drinks",
    name: ["Drinks", "Напитки", "饮料", "مشروبات"],
    shape: "cup",
    editions: PIECE,
    items: [
      [["Green tea", "Зелёный чай", "绿茶", "شاي أخضر"], 10_000],
      [["Jasmine tea", "Жасминовый чай", "茉莉花茶", "شاي الياسمين"], 12_000],
      [["Yuzu lemonade", "Лимонад юдзу", "柚子柠檬水", "ليموناضة يوزو"], 22_000],
      [["Cola 0.5 L", "Кола 0,5 л", "可乐 0.5 升", "كولا 0.5 لتر"], 9_000],
      [["Still water 0.5 L", "Вода 0,5 л", "矿泉水 0.5 升", "ماء 0.5 لتر"], 5_000],
    ],
  },
  {
    key: "sauces",
    name: ["Sauces", "Соусы", "酱料", "صلصات"],
    shape: "drop",
    editions: PIECE,
    items: [
      [["Soy sauce", "Соевый соус", "酱油", "صلصة الصويا"], 5_000],
      [["Spicy mayo", "Спайси-соус", "辣味蛋黄酱", "مايونيز حار"], 6_000],
      [["Unagi sauce", "Соус унаги", "鳗鱼酱", "صلصة أوناغي"], 6_000],
      [["Wasabi and ginger", "Васаби и имбирь", "芥末和姜", "واسابي وزنجبيل"], 5_000],
    ],
  },
];

const SUSHI_COLOR = "#E53950";

function sushiMenu(images: BrandImages): Group[] {
  const categories: Category[] = KINDS.map((kind, ci) => {
    const image = images.add(kind.key, foodSvg(kind.shape, "#FDECEF", SUSHI_COLOR, kind.name[0]));
    return {
      key: kind.key,
      name: t(kind.name),
      image,
      priority: ci + 1,
      scrollType: "HORIZONTAL",
      viewType: "SMALL",
      products: kind.items.flatMap(([name, base], ii) =>
        kind.editions.map((e, ei) => ({
          key: `${kind.key}-${ii + 1}-${e.key}`,
          name: e.name[0]
            ? t([0, 1, 2, 3].map((l) => `${name[l] ?? ""}, ${e.name[l] ?? ""}`) as T4)
            : t(name),
          description: t([
            `${name[0]}, made to order.`,
            `${name[1]}, готовим под заказ.`,
            `${name[2]}，现点现做。`,
            `${name[3]}، يُحضَّر عند الطلب.`,
          ]),
          image,
          costPrice: price(base * e.factor),
          discount: ii === 1 && ei === 0 ? 15 : 0,
          isCartRecommendation: kind.key === "sauces" && ii < 2,
          priority: ii * 10 + ei,
        })),
      ),
    };
  });
  return [
    { key: "menu", name: { eng: "Menu", ru: "Меню", zh: "菜单", ar: "القائمة" }, priority: 1, categories },
  ];
}

export function sushi(): { file: Brand; images: BrandImages } {
  const images = new BrandImages("sushi");
  const logo = images.add("logo", logoSvg("SW", SUSHI_COLOR, "#FFFFFF", "Sushi Wave"));
  const favicon = images.add("favicon", faviconSvg("S", SUSHI_COLOR, "#FFFFFF"));
  const name = t(["Sushi Wave", "Суши Вейв", "寿司浪潮", "سوشي ويف"]);
  const file: Brand = {
    version: 1,
    merchant: {
      sub: "sushi",
      name,
      logo,
      color: SUSHI_COLOR,
      integrations: {
        telegramBotToken: "7000000003:DEMO_sushi_bot_token_for_local_testing_only",
        telegramBotUsername: "savat_sushi_demo_bot",
        paymeMerchantId: "000000000000000000000003",
        paymeKey: "DEMO-sushi-payme-test-key-for-local-testing-only",
        // Uzum Bank's Merchant API: the demo's fake Uzum page calls our webhooks with this service id
        // and HTTP Basic login and password.
        uzumServiceId: "30003",
        uzumWebhookLogin: "sushi-uzum",
        uzumWebhookPassword: "DEMO-sushi-uzum-password-for-local-testing-only",
        // Uzum's checkout API (refunds when a paid order is cancelled): X-Terminal-Id and X-API-Key.
        uzumTerminalId: "40003",
        uzumApiKey: "DEMO-sushi-uzum-api-key-for-local-testing-only",
      },
    },
    webSettings: {
      logo,
      favicon,
      brand: "Sushi Wave",
      title: "Sushi Wave",
      mainColor: SUSHI_COLOR,
      mainColorType: "LIGHT",
      mainLanguage: "eng",
      engLangActive: true,
      ruLangActive: true,
      zhLangActive: true,
      arLangActive: true,
      deliveryActive: true,
      pickupActive: false,
      shouldValidateDeliveryArea: true,
      favouriteActive: true,
      promoActive: true,
      cartPageActive: true,
      aboutMerchantActive: true,
      privacyActive: true,
      termsOfUseActive: true,
      storiesActive: true,
      cashActive: true,
      terminalActive: true,
      uzumActive: true,
      telegramBotActive: true,
      telegramBotLink: "https://t.me/savat_sushi_demo_bot",
      basketPosition: "FLOATING_OVER_PRODUCT",
      modificationViewType: "FULL_IMAGE",
    },
    policies: {
      TERMS: t([
        "Orders are delivered within the marked zones only. This is a demo store.",
        "Доставляем только в отмеченные зоны. Это демонстрационный магазин.",
        "仅在标注区域内配送。这是一个演示商店。",
        "يتم التوصيل داخل المناطق المحددة فقط. هذا متجر تجريبي.",
      ]),
      ABOUT_COMPANY: t([
        "Sushi Wave is a fictional sushi delivery in Tashkent.",
        "Суши Вейв — вымышленная доставка суши в Ташкенте.",
        "寿司浪潮是塔什干的一家虚构寿司外卖店。",
        "سوشي ويف خدمة توصيل سوشي خيالية في طشقند.",
      ]),
      PRIVACY_POLICY: t([
        "Your phone number and address are used only to deliver your order.",
        "Телефон и адрес используются только для доставки заказа.",
        "您的电话和地址仅用于配送订单。",
        "يُستخدم رقم هاتفك وعنوانك لتوصيل طلبك فقط.",
      ]),
    },
    cities: [
      { key: "tashkent", name: t(["Tashkent", "Ташкент", "塔什干", "طشقند"]), ...TASHKENT, isMain: true },
    ],
    branches: [
      {
        key: "kitchen-city",
        cityKey: "tashkent",
        name: t(["City kitchen", "Кухня Сити", "市中心厨房", "مطبخ المدينة"]),
        latitude: 41.314612,
        longitude: 69.248214,
        isMain: true,
        open: "00:00",
        close: "23:59",
        deliveryPrice: 12_000,
        settings: { deliveryEnabled: true },
        workHours: aroundTheClock(["DELIVERY"]),
      },
      {
        key: "kitchen-sergeli",
        cityKey: "tashkent",
        name: t(["Sergeli kitchen", "Кухня Сергели", "谢尔盖利厨房", "مطبخ سيرغيلي"]),
        latitude: 41.226402,
        longitude: 69.219611,
        open: "11:00",
        close: "23:00",
        deliveryPrice: 15_000,
        settings: { deliveryEnabled: true },
        workHours: [hours("DELIVERY", "11:00", "23:00")],
      },
    ],
    deliveryRegions: cityZones({
      cityKey: "tashkent",
      keyPrefix: "tashkent",
      centre: TASHKENT,
      innerKm: 5,
      outerKm: 12,
      innerPrice: 12_000,
      outerPrice: 18_000,
      name: t(["City centre", "Центр", "市中心", "وسط المدينة"]),
      quarterNames: [
        t(["North-east", "Северо-восток", "东北", "الشمال الشرقي"]),
        t(["North-west", "Северо-запад", "西北", "الشمال الغربي"]),
        t(["South-west", "Юго-запад", "西南", "الجنوب الغربي"]),
        t(["South-east", "Юго-восток", "东南", "الجنوب الشرقي"]),
      ],
    }),
    orderSettings: { feeFreeThreshold: 250_000, minOrderAmount: 50_000 },
    paymentMethods: paymentMethods(["CASH", "TERMINAL", "UZUM"]),
    menu: { groups: sushiMenu(images) },
    promos: [
      {
        key: "wave",
        code: "WAVE20",
        discountType: "PERCENTAGE",
        productDiscount: 20,
        minPrice: 150_000,
        startDate: ALWAYS_FROM,
        endDate: ALWAYS_TO,
      },
    ],
    banners: [
      {
        key: "sets",
        title: t(["Sets for the whole team", "Сеты для компании", "团队套餐", "مجموعات للجميع"]),
        image: images.add(
          "banner-sets",
          bannerSvg(["roll", "box"], SUSHI_COLOR, "#FDECEF", "#FFFFFF", "Sets"),
        ),
        ...BANNER_SIZE,
        categoryKey: "sets",
      },
    ],
    stories: [
      {
        key: "rolls",
        title: t(["New rolls", "Новые роллы", "新品卷", "لفائف جديدة"]),
        preview: images.add("story-rolls", storyPreviewSvg("roll", SUSHI_COLOR, "#FFFFFF", "New rolls")),
        slides: [
          {
            url: images.add(
              "story-rolls-1",
              storySvg("roll", SUSHI_COLOR, "#FDECEF", "#FFFFFF", "Philadelphia"),
            ),
            button: { label: t(["Order now", "Заказать", "立即点餐", "اطلب الآن"]), productKey: "rolls-1-8" },
          },
          {
            url: images.add(
              "story-rolls-2",
              storySvg("sticks", "#263238", SUSHI_COLOR, "#FFFFFF", "Hot rolls"),
            ),
            button: {
              label: t(["Order now", "Заказать", "立即点餐", "اطلب الآن"]),
              productKey: "hot-rolls-1-one",
            },
          },
        ],
      },
      {
        key: "soups",
        title: t(["Soups", "Супы", "汤", "الشوربات"]),
        preview: images.add("story-soups", storyPreviewSvg("bowl", "#00838F", "#FFFFFF", "Soups")),
        slides: [
          {
            url: images.add("story-soups-1", storySvg("bowl", "#00838F", "#B2EBF2", "#FFFFFF", "Miso soup")),
          },
        ],
        priority: 2,
      },
    ],
  };
  return { file, images };
}

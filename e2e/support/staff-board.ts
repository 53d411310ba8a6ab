// A fixed order board for the staff console's visual references (e2e/visual.spec.ts): a few orders
// in several columns, with times counted back from one fixed moment. The live board of a shared demo
// brand changes with every journey running beside it (and the demo simulator moves orders every
// 400 ms), so the pictures answer the board's request with this one instead.
type Text = { uz: string; ru: string; eng: string };

const BRANCHES = [
  { id: "0190b0b0-0000-7000-8000-00000000b001", name: { uz: "Chilonzor", ru: "Чиланзар", eng: "Chilanzar" } },
  { id: "0190b0b0-0000-7000-8000-00000000b002", name: { uz: "Mirobod", ru: "Мирабад", eng: "Mirabad" } },
];

interface Line {
  name: Text;
  count: number;
  price: number;
  mods?: { name: Text; price: number; count?: number }[];
}

const LAVASH: Text = { uz: "Lavash go'shtli", ru: "Лаваш с говядиной", eng: "Beef lavash" };
const CHEESE: Text = { uz: "Pishloq", ru: "Сыр", eng: "Cheese" };
const JALAPENO: Text = { uz: "Xalapenyo", ru: "Халапеньо", eng: "Jalapeño" };
const FRIES: Text = { uz: "Kartoshka fri", ru: "Картофель фри", eng: "French fries" };
const COLA: Text = { uz: "Coca-Cola 0,5 l", ru: "Кока-Кола 0,5 л", eng: "Coca-Cola 0.5 l" };
const BURGER: Text = { uz: "Gamburger", ru: "Гамбургер", eng: "Hamburger" };
const DONAR: Text = { uz: "Donar kabob", ru: "Донар-кебаб", eng: "Doner kebab" };

let seq = 0;
const uuid = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, "0")}`;

function order(
  now: number,
  o: {
    number: number;
    status: string;
    serviceType: "DELIVERY" | "PICK_UP";
    paymentType: "CASH" | "PAYME" | "CLICK";
    isPaid: boolean;
    minutesAgo: number;
    branch: 0 | 1;
    lines: Line[];
    customer: { name: string; phone: string };
    address?: { name: string; entrance?: string; floor?: string; office?: string; domophone?: string };
    comment?: string;
    courier?: { name: string; phone: string };
    deliveryPrice?: number;
    atInMinutes?: number;
  },
) {
  const created = new Date(now - o.minutesAgo * 60_000).toISOString();
  const branch = BRANCHES[o.branch] ?? BRANCHES[0];
  const items = o.lines.map((l) => {
    seq += 1;
    return {
      id: uuid(1000 + seq),
      productId: uuid(2000 + seq),
      name: l.name,
      image: null,
      unit: "PIECE",
      count: l.count,
      costPrice: l.price,
      discount: 0,
      modifications: (l.mods ?? []).map((m, i) => ({
        id: uuid(3000 + seq * 10 + i),
        name: m.name,
        price: m.price,
        count: m.count ?? 1,
      })),
      price: l.count * (l.price + (l.mods ?? []).reduce((s, m) => s + m.price * (m.count ?? 1), 0)),
    };
  });
  const products = items.reduce((s, i) => s + i.price, 0);
  const delivery = o.serviceType === "DELIVERY" ? (o.deliveryPrice ?? 10_000) : 0;
  return {
    id: uuid(o.number),
    number: o.number,
    status: o.status,
    serviceType: o.serviceType,
    orderDevice: "WEB",
    paymentType: o.paymentType,
    isPaid: o.isPaid,
    userId: uuid(5000 + o.number),
    merchantId: uuid(9999),
    receiver: null,
    address: o.address
      ? {
          ...o.address,
          latitude: 41.3,
          longitude: 69.24,
        }
      : null,
    branch: {
      id: branch?.id,
      name: branch?.name,
      address: null,
      phone: null,
      latitude: 41.3,
      longitude: 69.2,
    },
    branchId: branch?.id,
    hallId: null,
    tableId: null,
    courierId: o.courier ? uuid(7000 + o.number) : null,
    courierStatus: o.courier ? "PERFORMER_FOUND" : null,
    deliveryType: null,
    deliveryByTaximeter: false,
    deliveryTariffId: null,
    comment: o.comment ?? null,
    courierComment: null,
    promoId: null,
    promoCode: null,
    cashback: 0,
    cashbackEarned: 0,
    productPrice: products,
    productDiscount: 0,
    deliveryPrice: delivery,
    deliveryDiscount: 0,
    totalProductPrice: products,
    totalProductDiscount: 0,
    totalPrice: products + delivery,
    totalDiscount: 0,
    servicePrice: 0,
    productCount: items.reduce((s, i) => s + i.count, 0),
    atTime: o.atInMinutes === undefined ? null : new Date(now + o.atInMinutes * 60_000).toISOString(),
    cookingAt: null,
    readyAt: null,
    deliveredAt: null,
    estimatedFrom: null,
    estimatedTo: null,
    cartItems: items,
    history: [],
    cancellable: false,
    cancelReason: null,
    cancelComment: null,
    refundState: null,
    fiscalReceiptUrl: null,
    gradeable: false,
    review: null,
    createdDate: created,
    lastModifiedDate: created,
    table: null,
    customer: o.customer,
    courier: o.courier ?? null,
  };
}

/** The board at `now`: two new orders, one accepted, two cooking, one ready, one on the way, two done. */
export function fixedStaffBoard(now: Date) {
  seq = 0;
  const at = now.getTime();
  const p = (n: string) => `+99890${n}`;
  return {
    now: now.toISOString(),
    allBranches: true,
    branches: BRANCHES,
    orders: [
      order(at, {
        number: 1041,
        status: "CREATED",
        serviceType: "DELIVERY",
        paymentType: "CASH",
        isPaid: false,
        minutesAgo: 2,
        branch: 0,
        lines: [
          {
            name: LAVASH,
            count: 2,
            price: 32_000,
            mods: [
              { name: CHEESE, price: 5_000 },
              { name: JALAPENO, price: 3_000 },
            ],
          },
          { name: COLA, count: 2, price: 9_000 },
        ],
        customer: { name: "Dilnoza Karimova", phone: p("1234567") },
        address: { name: "Amir Temur ko'chasi 15", entrance: "2", floor: "5", office: "47", domophone: "47" },
        comment: "Без лука",
      }),
      order(at, {
        number: 1042,
        status: "CREATED",
        serviceType: "PICK_UP",
        paymentType: "PAYME",
        isPaid: true,
        minutesAgo: 1,
        branch: 1,
        lines: [
          { name: BURGER, count: 1, price: 28_000 },
          { name: FRIES, count: 1, price: 14_000 },
        ],
        customer: { name: "Rustam Aliyev", phone: p("7654321") },
      }),
      order(at, {
        number: 1038,
        status: "ACCEPTED",
        serviceType: "DELIVERY",
        paymentType: "CLICK",
        isPaid: true,
        minutesAgo: 9,
        branch: 0,
        lines: [{ name: DONAR, count: 3, price: 30_000 }],
        customer: { name: "Madina Yusupova", phone: p("5550011") },
        address: { name: "Bunyodkor shoh ko'chasi 8", entrance: "1", floor: "3" },
        atInMinutes: 50,
      }),
      order(at, {
        number: 1035,
        status: "COOKING",
        serviceType: "DELIVERY",
        paymentType: "CASH",
        isPaid: false,
        minutesAgo: 17,
        branch: 1,
        lines: [
          { name: LAVASH, count: 1, price: 32_000, mods: [{ name: CHEESE, price: 5_000, count: 2 }] },
          { name: FRIES, count: 2, price: 14_000 },
        ],
        customer: { name: "Jasur Toshmatov", phone: p("3332211") },
        address: { name: "Mirobod ko'chasi 21", office: "12", domophone: "12K" },
      }),
      order(at, {
        number: 1036,
        status: "COOKING",
        serviceType: "PICK_UP",
        paymentType: "CASH",
        isPaid: false,
        minutesAgo: 14,
        branch: 0,
        lines: [{ name: BURGER, count: 2, price: 28_000 }],
        customer: { name: "Aziza Rahimova", phone: p("4440099") },
      }),
      order(at, {
        number: 1031,
        status: "DONE",
        serviceType: "DELIVERY",
        paymentType: "PAYME",
        isPaid: true,
        minutesAgo: 26,
        branch: 0,
        lines: [
          { name: DONAR, count: 1, price: 30_000 },
          { name: COLA, count: 1, price: 9_000 },
        ],
        customer: { name: "Bekzod Nurmatov", phone: p("2223344") },
        address: { name: "Qatortol ko'chasi 3", entrance: "4", floor: "9", office: "136" },
      }),
      order(at, {
        number: 1027,
        status: "ON_WAY",
        serviceType: "DELIVERY",
        paymentType: "CASH",
        isPaid: false,
        minutesAgo: 38,
        branch: 1,
        lines: [{ name: LAVASH, count: 4, price: 32_000 }],
        customer: { name: "Shahnoza Ergasheva", phone: p("1110022") },
        address: { name: "Shota Rustaveli ko'chasi 40", entrance: "3", floor: "2", office: "9" },
        courier: { name: "Sardor Qodirov", phone: p("9998877") },
        deliveryPrice: 12_000,
      }),
      order(at, {
        number: 1022,
        status: "CLOSED",
        serviceType: "PICK_UP",
        paymentType: "CASH",
        isPaid: true,
        minutesAgo: 55,
        branch: 0,
        lines: [{ name: FRIES, count: 3, price: 14_000 }],
        customer: { name: "Otabek Saidov", phone: p("6667788") },
      }),
    ],
  };
}

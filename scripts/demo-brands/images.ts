// Demo pictures: tiny hand-written SVGs (no network, no raster libraries), one per product kind plus a
// logo and a favicon per brand, written to public/demo/<brand>/ and referenced as /demo/<brand>/<x>.svg.
import fs from "node:fs";
import path from "node:path";

export const PUBLIC_DIR = path.join(import.meta.dirname, "../../public");

/** Shapes of the food drawings; each kind of product picks one. */
export type Shape =
  | "wrap"
  | "bun"
  | "sausage"
  | "pastry"
  | "slice"
  | "cup"
  | "bowl"
  | "sticks"
  | "roll"
  | "plate"
  | "box"
  | "drop"
  | "cake";

const SHAPES: Record<Shape, (fg: string) => string> = {
  wrap: (fg) =>
    `<path d="M22 70 L58 22 Q66 14 74 22 L78 26 Q86 34 78 42 L30 78 Z" fill="${fg}"/><path d="M34 58 L62 30" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  bun: (fg) =>
    `<path d="M18 46 Q50 8 82 46 Z" fill="${fg}"/><rect x="16" y="50" width="68" height="8" rx="4" fill="#6D4C41"/><rect x="18" y="60" width="64" height="5" rx="2" fill="#7CB342"/><path d="M18 68 H82 Q80 82 50 82 Q20 82 18 68 Z" fill="${fg}"/>`,
  sausage: (fg) =>
    `<rect x="12" y="38" width="76" height="26" rx="13" fill="#C62828"/><path d="M14 52 Q50 40 86 52 Q84 76 50 76 Q16 76 14 52 Z" fill="${fg}"/><path d="M22 44 Q30 36 38 44 T54 44 T70 44 T80 42" stroke="#FDD835" stroke-width="3" fill="none"/>`,
  pastry: (fg) =>
    `<path d="M50 14 Q56 14 60 22 L86 70 Q90 80 78 80 H22 Q10 80 14 70 L40 22 Q44 14 50 14 Z" fill="${fg}"/><circle cx="44" cy="52" r="2" fill="#FFF8E1"/><circle cx="56" cy="46" r="2" fill="#FFF8E1"/><circle cx="52" cy="62" r="2" fill="#FFF8E1"/><circle cx="40" cy="66" r="2" fill="#FFF8E1"/><circle cx="62" cy="64" r="2" fill="#FFF8E1"/>`,
  slice: (fg) =>
    `<path d="M50 82 L16 24 Q50 8 84 24 Z" fill="${fg}"/><circle cx="44" cy="34" r="6" fill="#C62828"/><circle cx="58" cy="48" r="5" fill="#C62828"/><circle cx="48" cy="62" r="4" fill="#C62828"/>`,
  cup: (fg) =>
    `<path d="M30 28 H70 L64 84 H36 Z" fill="${fg}"/><rect x="26" y="22" width="48" height="8" rx="3" fill="#fff"/><path d="M56 22 L62 8" stroke="#fff" stroke-width="4"/>`,
  bowl: (fg) =>
    `<path d="M14 48 H86 Q84 80 50 82 Q16 80 14 48 Z" fill="${fg}"/><path d="M24 46 Q50 26 76 46" fill="#FFF3E0"/>`,
  sticks: (fg) =>
    `<path d="M28 44 H72 L66 84 H34 Z" fill="#C62828"/>${[34, 42, 50, 58, 66].map((x) => `<rect x="${x - 3}" y="${18 + (x % 3) * 4}" width="6" height="34" rx="2" fill="${fg}"/>`).join("")}`,
  roll: (fg) =>
    `<circle cx="36" cy="50" r="20" fill="#263238"/><circle cx="36" cy="50" r="14" fill="#fff"/><circle cx="36" cy="50" r="6" fill="${fg}"/><circle cx="70" cy="54" r="16" fill="#263238"/><circle cx="70" cy="54" r="11" fill="#fff"/><circle cx="70" cy="54" r="5" fill="${fg}"/>`,
  plate: (fg) =>
    `<ellipse cx="50" cy="58" rx="38" ry="22" fill="#fff"/><ellipse cx="50" cy="54" rx="26" ry="14" fill="${fg}"/><circle cx="44" cy="50" r="4" fill="#E65100"/><circle cx="56" cy="54" r="4" fill="#E65100"/>`,
  box: (fg) =>
    `<rect x="18" y="34" width="64" height="46" rx="6" fill="${fg}"/><path d="M18 34 L30 20 H70 L82 34" fill="#fff"/><rect x="44" y="46" width="12" height="20" rx="3" fill="#fff"/>`,
  drop: (fg) =>
    `<path d="M50 14 Q72 46 72 60 A22 22 0 0 1 28 60 Q28 46 50 14 Z" fill="${fg}"/><circle cx="42" cy="60" r="5" fill="#fff" opacity=".6"/>`,
  cake: (fg) =>
    `<rect x="22" y="46" width="56" height="34" rx="6" fill="${fg}"/><path d="M22 56 Q36 64 50 56 Q64 48 78 56" stroke="#fff" stroke-width="5" fill="none"/><circle cx="50" cy="36" r="7" fill="#C62828"/>`,
};

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * A product picture. The label is the file's title only: no caption is drawn, since a word baked into
 * a picture would show in one language to customers reading another.
 */
export function foodSvg(shape: Shape, bg: string, fg: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="400" height="400"><title>${escape(label)}</title>` +
    `<rect width="100" height="100" rx="14" fill="${bg}"/>${SHAPES[shape](fg)}</svg>\n`
  );
}

/** Size of a demo banner picture (the brand file records it so the page reserves the room). */
export const BANNER_SIZE = { width: 1200, height: 500 } as const;

/**
 * A wide banner picture: a coloured band with food drawings on its right; the left stays plain for
 * the banner's title, which the page draws in the customer's language (no words in the picture).
 */
export function bannerSvg(shapes: Shape[], bg: string, accent: string, fg: string, label: string): string {
  const drawings = shapes
    .map((shape, i) => {
      const size = 300 - i * 40;
      const x = 1160 - (i + 1) * 260;
      const y = 250 - size / 2 + (i % 2 === 0 ? -20 : 40);
      return `<g transform="translate(${x} ${y}) scale(${size / 100})">${SHAPES[shape](fg)}</g>`;
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 500" width="1200" height="500"><title>${escape(label)}</title>` +
    `<rect width="1200" height="500" fill="${bg}"/>` +
    `<circle cx="980" cy="250" r="330" fill="${accent}" opacity=".35"/>` +
    `<circle cx="1120" cy="60" r="120" fill="${accent}" opacity=".25"/>${drawings}</svg>\n`
  );
}

/** Size of a demo story slide: a phone screen's 9:16. */
export const STORY_SIZE = { width: 540, height: 960 } as const;

/**
 * A story slide: a tall coloured picture with one big food drawing in its middle and a few dots;
 * the slide's text is the story's title, drawn by the page in the customer's language.
 */
export function storySvg(shape: Shape, bg: string, accent: string, fg: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 540 960" width="540" height="960"><title>${escape(label)}</title>` +
    `<rect width="540" height="960" fill="${bg}"/>` +
    `<circle cx="270" cy="470" r="230" fill="${accent}" opacity=".35"/>` +
    `<circle cx="80" cy="140" r="60" fill="${accent}" opacity=".25"/>` +
    `<circle cx="470" cy="820" r="90" fill="${accent}" opacity=".25"/>` +
    `<g transform="translate(90 290) scale(3.6)">${SHAPES[shape](fg)}</g></svg>\n`
  );
}

/** A story's round preview: the drawing on its colour, cut to a circle by the page. */
export function storyPreviewSvg(shape: Shape, bg: string, fg: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="160" height="160"><title>${escape(label)}</title>` +
    `<rect width="100" height="100" fill="${bg}"/><g transform="translate(15 15) scale(.7)">${SHAPES[shape](fg)}</g></svg>\n`
  );
}

export function logoSvg(initials: string, bg: string, fg: string, title: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="240" height="240"><title>${escape(title)}</title>` +
    `<circle cx="60" cy="60" r="58" fill="${bg}"/>` +
    `<text x="60" y="74" font-family="sans-serif" font-weight="700" font-size="40" text-anchor="middle" fill="${fg}">${escape(initials)}</text></svg>\n`
  );
}

export function faviconSvg(letter: string, bg: string, fg: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${bg}"/>` +
    `<text x="16" y="23" font-family="sans-serif" font-weight="700" font-size="20" text-anchor="middle" fill="${fg}">${escape(letter)}</text></svg>\n`
  );
}

/** Collects the pictures of one brand; `write` puts them under public/demo/<brand>/. */
export class BrandImages {
  readonly brand: string;
  readonly files = new Map<string, string>();

  constructor(brand: string) {
    this.brand = brand;
  }

  /** Registers `<name>.svg` and returns its site-root path. */
  add(name: string, svg: string): string {
    if (Buffer.byteLength(svg) >= 2048)
      throw new Error(`${this.brand}/${name}.svg is ${Buffer.byteLength(svg)} bytes`);
    this.files.set(`${name}.svg`, svg);
    return `/demo/${this.brand}/${name}.svg`;
  }

  write(root: string = PUBLIC_DIR): void {
    const dir = path.join(root, "demo", this.brand);
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, svg] of this.files) fs.writeFileSync(path.join(dir, name), svg);
  }
}

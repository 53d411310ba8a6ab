// The reference of bench:open's main-thread figure (scripts/bench-open.ts, issue 43): the least a
// React page can do to take over the server's first screen. It loads React and React DOM and
// nothing else, reads the first screen the HTML carries, and renders exactly that markup again
// through React into the same root, in one transition (as src/main.tsx renders the app). Its product
// cards end up as React's own elements, tappable, like the app's. No router, queries, state, host SDK
// or catalogs: whatever the storefront spends beyond this page is the storefront's own.
import { createElement, startTransition, type ReactNode } from "react";
import { createRoot } from "react-dom/client";

/** Attribute names React spells differently from HTML. */
const PROPS: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  srcset: "srcSet",
  crossorigin: "crossOrigin",
  fetchpriority: "fetchPriority",
  readonly: "readOnly",
  colspan: "colSpan",
  rowspan: "rowSpan",
  maxlength: "maxLength",
  viewbox: "viewBox",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
};

function styleOf(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const rule of text.split(";")) {
    const at = rule.indexOf(":");
    if (at < 0) continue;
    const name = rule.slice(0, at).trim();
    const key = name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    style[key] = rule.slice(at + 1).trim();
  }
  return style;
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const props: Record<string, unknown> = { key };
  for (const { name, value } of Array.from(node.attributes)) {
    if (name === "style") props.style = styleOf(value);
    else if (name.startsWith("on")) continue;
    else props[PROPS[name] ?? name] = value;
  }
  // A tappable card, as the app's are.
  if (node.classList.contains("product-card")) props.onClick = () => undefined;
  const children = Array.from(node.childNodes, toReact);
  return createElement(node.tagName.toLowerCase(), props, ...(children.length > 0 ? [children] : []));
}

const root = document.getElementById("root");
const screen = root?.querySelector(".first-screen") ?? root;
if (root && screen) {
  const tree = Array.from(screen.childNodes, toReact);
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(tree);
  });
}

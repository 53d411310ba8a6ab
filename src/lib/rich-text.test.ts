import { describe, expect, it } from "vitest";
import { richTextHtml } from "./rich-text.tsx";

describe("a page's rich text", () => {
  it("keeps plain text as it was: paragraphs by empty lines, line breaks kept", () => {
    expect(richTextHtml("First line\nsecond line\n\nNext paragraph")).toBe(
      "<p>First line<br>\nsecond line</p>\n<p>Next paragraph</p>\n",
    );
  });

  it("shows headings under the page's title, bold, italic, lists and quotes", () => {
    const html = richTextHtml(
      "# Delivery\n\n**Free** from _150 000_\n\n- Tashkent\n- Chirchiq\n\n1. One\n\n> Fresh daily",
    );
    expect(html).toContain("<h2>Delivery</h2>");
    expect(html).toContain("<strong>Free</strong>");
    expect(html).toContain("<em>150 000</em>");
    expect(html).toContain("<ul>\n<li>Tashkent</li>\n<li>Chirchiq</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>One</li>\n</ol>");
    expect(html).toContain("<blockquote>");
  });

  it("never runs what is typed: tags are shown as text, and only web, mail and phone links are links", () => {
    const html = richTextHtml(
      "<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,x) [site](https://lavash.uz) [call](tel:+998901234567)",
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).toContain(
      '<a href="https://lavash.uz" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(html).toContain('<a href="tel:+998901234567">call</a>');
  });
});

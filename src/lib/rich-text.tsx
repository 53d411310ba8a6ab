// The brand's pages (about us, the offer, the privacy policy, the extra pages) are Markdown written
// in the console: headings, bold and italic, lists, quotes and links. markdown-it renders them with
// HTML off (a tag typed into a page is shown as text, never run), links only to http(s), mailto and
// tel, opened in a new tab; a page's headings sit under its title (# is a second-level heading).
// Plain text from before stays as it was: an empty line starts a paragraph, a line break is kept.
import MarkdownIt from "markdown-it";
import { useMemo } from "react";

const markdown = new MarkdownIt("zero", { html: false, breaks: true, linkify: false }).enable([
  "heading",
  "list",
  "blockquote",
  "emphasis",
  "link",
  "newline",
  "escape",
]);

markdown.validateLink = (url) => /^(https?:\/\/|mailto:|tel:)/i.test(url.trim());

markdown.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token) token.tag = `h${String(Math.min(6, Number(token.tag.slice(1)) + 1))}`;
  return self.renderToken(tokens, idx, options);
};
markdown.renderer.rules.heading_close = markdown.renderer.rules.heading_open;

markdown.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  if (token && /^https?:/i.test(String(token.attrGet("href") ?? ""))) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer nofollow");
  }
  return self.renderToken(tokens, idx, options);
};

/** A page's Markdown as safe HTML (exported for tests). */
export function richTextHtml(text: string): string {
  return markdown.render(text);
}

/** A page's text, rendered; `className` styles its paragraphs, headings and lists. */
export function RichText({ text, className, dir }: { text: string; className?: string; dir?: "auto" }) {
  const html = useMemo(() => richTextHtml(text), [text]);
  // markdown-it with HTML off escapes every tag and attribute; links are checked above.
  return <div className={className} dir={dir} dangerouslySetInnerHTML={{ __html: html }} />;
}

import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from "react";

// A row of a telegram-ui Section, with plain phrasing content: telegram-ui's Cell renders its
// texts as <h6> headings (and Section headers as <h1>), which breaks the page outline for screen
// readers, so lists of links and choices use this row inside a Section instead.

interface RowContent {
  before?: ReactNode;
  /** A small line above the text ("Phone"). */
  label?: ReactNode;
  children: ReactNode;
  after?: ReactNode;
}

function Content({ before, label, children, after }: RowContent) {
  return (
    <>
      {before && <span className="list-row__before">{before}</span>}
      <span className="list-row__body">
        {label && <span className="list-row__label">{label}</span>}
        <span className="list-row__text">{children}</span>
      </span>
      {after && <span className="list-row__after">{after}</span>}
    </>
  );
}

export function LinkRow({
  before,
  label,
  children,
  after,
  className,
  ...anchor
}: RowContent & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a className={`list-row list-row--action ${className ?? ""}`} {...anchor}>
      <Content before={before} label={label} after={after}>
        {children}
      </Content>
    </a>
  );
}

export function ButtonRow({
  before,
  label,
  children,
  after,
  className,
  ...button
}: RowContent & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={`list-row list-row--action ${className ?? ""}`} {...button}>
      <Content before={before} label={label} after={after}>
        {children}
      </Content>
    </button>
  );
}

export function TextRow({ before, label, children, after }: RowContent) {
  return (
    <div className="list-row">
      <Content before={before} label={label} after={after}>
        {children}
      </Content>
    </div>
  );
}

/** A section title at the right level of the page outline (Section's own header is an <h1>). */
export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 className="section-title" id={id}>
      {children}
    </h2>
  );
}

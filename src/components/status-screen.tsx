import type { ReactNode } from "react";

/** A centred screen that states one thing: blocked brand, unknown brand, an empty text. */
export function StatusScreen({
  visual,
  title,
  description,
  action,
  titleId,
}: {
  visual?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  titleId: string;
}) {
  return (
    <section className="status-screen" aria-labelledby={titleId}>
      {visual && <div className="status-screen__visual">{visual}</div>}
      <h1 id={titleId} className="status-screen__title">
        {title}
      </h1>
      {description && <p className="status-screen__description">{description}</p>}
      {action && <div className="status-screen__action">{action}</div>}
    </section>
  );
}

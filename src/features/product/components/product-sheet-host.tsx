import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useId, useRef } from "react";
import { useSearch } from "wouter";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { useMenu } from "../../../shared/menu/menu-query.ts";
import {
  closeProductSheet,
  PRODUCT_PARAM,
  PRODUCT_POPUP,
  PRODUCT_SHEET,
} from "../../../shared/menu/product-link.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { ProductDetails } from "./product-details.tsx";
import { ProductNotFound } from "./product-page.tsx";

const SheetModal = lazy(() =>
  import("../../../components/sheet-modal.tsx").then((m) => ({ default: m.SheetModal })),
);

/**
 * The product opened over the current page (`?sheet=product&product=<id>` as a bottom sheet,
 * `?sheet=product-popup&product=<id>` as a centred dialog). Mounted once by the default layout.
 */
export function ProductSheetHost() {
  const params = new URLSearchParams(useSearch());
  const sheet = params.get("sheet");
  const id = params.get(PRODUCT_PARAM);
  if ((sheet !== PRODUCT_SHEET && sheet !== PRODUCT_POPUP) || !id) return null;
  return <ProductOverlay id={id} popup={sheet === PRODUCT_POPUP} />;
}

function ProductOverlay({ id, popup }: { id: string; popup: boolean }) {
  const menu = useMenu();
  const lang = useContentLanguage();
  const titleId = useId();
  const product = menu.data?.productById.get(id);
  const category = product ? menu.data?.categoryById.get(product.categoryId) : undefined;
  const body = menu.isPending ? (
    <PageSpinner />
  ) : product ? (
    <ProductDetails
      product={product}
      withoutCart={category?.isWithoutCart ?? false}
      onAdded={closeProductSheet}
      headingLevel={2}
    />
  ) : (
    <ProductNotFound />
  );
  const title = product ? pickText(product.name, lang) : "";
  if (popup) return <ProductDialog title={title}>{body}</ProductDialog>;
  return (
    <Suspense fallback={null}>
      <SheetModal open onClose={closeProductSheet} labelledBy={titleId}>
        <div className="url-sheet__body product-sheet">
          <span id={titleId} className="visually-hidden">
            {title}
          </span>
          {body}
        </div>
      </SheetModal>
    </Suspense>
  );
}

/** A centred modal dialog (POP_UP): the browser's <dialog> traps focus and closes on Escape. */
function ProductDialog({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="product-dialog"
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        closeProductSheet();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (e.target === e.currentTarget) closeProductSheet();
      }}
    >
      <button
        type="button"
        className="product-dialog__close"
        aria-label={t`Close`}
        onClick={closeProductSheet}
      >
        ×
      </button>
      {children}
    </dialog>
  );
}

import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { Spinner } from "@telegram-apps/telegram-ui";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { StaffBoard, StaffBoardOrder } from "../../domain/contract/staff-board.ts";
import { ORDER_STATUS_LABELS } from "../../shared/orders/status-labels.ts";
import { attachCourier, moveOrder, offerToCouriers } from "../api.ts";
import { staffKeys } from "../query-keys.ts";
import {
  BOARD_COLUMNS,
  canCancel,
  groupByColumn,
  nextMove,
  type BoardColumn,
  type BoardMove,
} from "./board-model.ts";
import { CancelDialog, CourierDialog, OrderDialog } from "./dialogs.tsx";
import { COLUMN_LABELS } from "./labels.ts";
import { OrderCard, type CardActions } from "./order-card.tsx";
import { consoleNow } from "./format.ts";
import { CustomerSlip, KitchenTicket } from "./ticket.tsx";

type Open = { kind: "cancel" | "courier" | "order"; orderId: string } | null;

/** The live order board: a column per stage, a card per order, moved by a tap or a key. */
export function OrderBoard({
  board,
  merchantId,
  branchId,
  unseen,
  markSeen,
  onRetry,
  error,
  delivery = true,
}: {
  board: StaffBoard | undefined;
  /** The brand delivers: without deliveries there is no "On the way" (unless an order stands there). */
  delivery?: boolean;
  merchantId: string;
  branchId: string | null;
  unseen: ReadonlySet<string>;
  markSeen: (orderId?: string) => void;
  onRetry: () => void;
  error: unknown;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [now, setNow] = useState(consoleNow);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<Open>(null);
  const [printing, setPrinting] = useState<{ order: StaffBoardOrder; what: "ticket" | "slip" } | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  /** The finished orders, folded to a narrow strip so the working columns fit a tablet. */
  const [doneOpen, setDoneOpen] = useState(false);
  const cards = useRef(new Map<string, HTMLElement>());
  /** A card moved from the keyboard changes column: the focus follows it there. */
  const followFocus = useRef<string | null>(null);
  useEffect(() => {
    const id = followFocus.current;
    const el = id ? cards.current.get(id) : undefined;
    if (el && !el.contains(document.activeElement) && !document.querySelector("dialog[open]")) {
      el.focus();
      followFocus.current = null;
    }
  }, [board]);

  // Times move on every 30 s, and with each board read (once the shell has set the server's clock
  // from it: the parent's effects run after this one's, hence the timeout).
  useEffect(() => {
    const tick = () => {
      setNow(consoleNow());
    };
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 30_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [board]);

  const columns = useMemo(() => groupByColumn(board?.orders ?? []), [board]);
  const byId = useMemo(() => new Map((board?.orders ?? []).map((o) => [o.id, o])), [board]);
  // The roving card: the chosen one while it is on the board, else the first card.
  const firstId = BOARD_COLUMNS.map((c) => columns[c][0]?.id).find(Boolean) ?? null;
  const active = activeId && byId.has(activeId) ? activeId : firstId;

  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.board(merchantId, branchId) });
  const withBusy = async (orderId: string, work: () => Promise<boolean>): Promise<boolean> => {
    setBusy((prev) => new Set([...prev, orderId]));
    try {
      return await work();
    } finally {
      setBusy((prev) => {
        const next = new Set(prev);
        next.delete(orderId);
        return next;
      });
      void refresh();
    }
  };

  const move = (order: StaffBoardOrder, m: BoardMove) => {
    markSeen(order.id);
    followFocus.current = cards.current.get(order.id)?.contains(document.activeElement) ? order.id : null;
    if (m.kind === "courier") {
      setOpen({ kind: "courier", orderId: order.id });
      return;
    }
    void withBusy(order.id, async () => {
      const [failure] = await moveOrder(order.id, m.to);
      if (!failure) setSaid(t`Order #${String(order.number)}: ${i18n._(ORDER_STATUS_LABELS[m.to])}`);
      return !failure;
    });
  };

  const actions: CardActions = {
    onMove: move,
    onCancel: (order) => {
      setOpen({ kind: "cancel", orderId: order.id });
    },
    onCourier: (order) => {
      setOpen({ kind: "courier", orderId: order.id });
    },
    onPrint: (order) => {
      setPrinting({ order, what: "ticket" });
    },
    onOpen: (order) => {
      markSeen(order.id);
      setOpen({ kind: "order", orderId: order.id });
    },
  };

  const focusCard = (id: string | undefined) => {
    if (!id) return;
    setActiveId(id);
    cards.current.get(id)?.focus();
  };

  const onCardKey =
    (order: StaffBoardOrder, column: BoardColumn, row: number) => (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
      const rtl = document.documentElement.dir === "rtl";
      const col = BOARD_COLUMNS.indexOf(column);
      const sideways = (step: number) => {
        for (let c = col + step; c >= 0 && c < BOARD_COLUMNS.length; c += step) {
          const target = BOARD_COLUMNS[c] as BoardColumn;
          // A folded column shows no card to land on.
          if (target === "done" && !doneOpen) continue;
          const list = columns[target];
          if (list.length > 0) return list[Math.min(row, list.length - 1)]?.id;
        }
        return undefined;
      };
      let handled = true;
      // The letters by their place on the keyboard (event.code), as the Alt shortcuts: N, C and P
      // work whatever the layout (a Cyrillic one sends "т", "с", "з"); a keyboard without codes
      // (some on-screen ones) by the Latin letter.
      const key = /^Key[A-Z]$/.test(event.code)
        ? event.code
        : /^[a-z]$/i.test(event.key)
          ? `Key${event.key.toUpperCase()}`
          : event.key;
      switch (key) {
        case "ArrowDown":
          focusCard(columns[column][row + 1]?.id);
          break;
        case "ArrowUp":
          focusCard(columns[column][row - 1]?.id);
          break;
        case "ArrowRight":
          focusCard(sideways(rtl ? -1 : 1));
          break;
        case "ArrowLeft":
          focusCard(sideways(rtl ? 1 : -1));
          break;
        case "Enter":
          actions.onOpen(order);
          break;
        case "KeyN": {
          const m = nextMove(order);
          if (m && !busy.has(order.id)) move(order, m);
          break;
        }
        case "KeyC":
          if (canCancel(order)) actions.onCancel(order);
          break;
        case "KeyP":
          actions.onPrint(order);
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    };

  const opened = open ? byId.get(open.orderId) : undefined;
  // Under "all branches" every card says whose order it is.
  const showBranch = branchId === null && (board?.branches.length ?? 0) > 1;

  if (!board) {
    return error ? (
      <div className="staff-empty" role="alert">
        <p>{t`The orders could not be loaded.`}</p>
        <button type="button" className="staff-button staff-button--primary" onClick={onRetry}>
          {t`Try again`}
        </button>
      </div>
    ) : (
      <div className="staff-empty" role="status" aria-label={t`Loading`}>
        <Spinner size="l" />
      </div>
    );
  }

  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite">
        {said}
      </div>
      <div className="board" data-testid="order-board">
        {BOARD_COLUMNS.filter(
          (column) => column !== "onTheWay" || delivery || columns.onTheWay.length > 0,
        ).map((column) => {
          const list = columns[column];
          const titleId = `board-col-${column}`;
          const count = String(list.length);
          const foldable = column === "done";
          const folded = foldable && !doneOpen;
          const label = i18n._(COLUMN_LABELS[column]);
          const badge = (
            <span
              className="board-col__count"
              aria-label={t`${plural(count, { one: "# order", other: "# orders" })}`}
            >
              {count}
            </span>
          );
          return (
            <section
              key={column}
              className={`board-col board-col--${column}${folded ? " board-col--folded" : ""}`}
              aria-labelledby={titleId}
              data-column={column}
            >
              <h2 id={titleId} className="board-col__title">
                {foldable ? (
                  <button
                    type="button"
                    className="board-col__fold"
                    aria-expanded={!folded}
                    aria-controls={folded ? undefined : `${titleId}-cards`}
                    title={folded ? t`Show the finished orders` : t`Fold the finished orders`}
                    onClick={() => {
                      setDoneOpen(folded);
                    }}
                  >
                    <span className="board-col__label">{label}</span>
                    {badge}
                  </button>
                ) : (
                  <>
                    <span className="board-col__label">{label}</span>
                    {badge}
                  </>
                )}
              </h2>
              {folded ? null : (
                <div className="board-col__cards" id={`${titleId}-cards`}>
                  {list.length === 0 ? (
                    <p className="board-col__empty">{t`No orders`}</p>
                  ) : (
                    list.map((order, row) => (
                      <OrderCard
                        key={order.id}
                        ref={(el) => {
                          if (el) cards.current.set(order.id, el);
                          else cards.current.delete(order.id);
                        }}
                        order={order}
                        showBranch={showBranch}
                        now={now}
                        fresh={unseen.has(order.id)}
                        busy={busy.has(order.id)}
                        active={order.id === active}
                        actions={actions}
                        onKeyDown={onCardKey(order, column, row)}
                        onFocus={() => {
                          setActiveId(order.id);
                          markSeen(order.id);
                        }}
                      />
                    ))
                  )}
                </div>
              )}
            </section>
          );
        })}
      </div>
      {open?.kind === "cancel" && opened ? (
        <CancelDialog
          order={opened}
          onClose={() => {
            setOpen(null);
          }}
          onCancel={(reason) =>
            withBusy(opened.id, async () => {
              const [failure] = await moveOrder(opened.id, "CANCELED", reason);
              if (!failure)
                setSaid(t`Order #${String(opened.number)}: ${i18n._(ORDER_STATUS_LABELS.CANCELED)}`);
              return !failure;
            })
          }
        />
      ) : null}
      {open?.kind === "courier" && opened ? (
        <CourierDialog
          order={opened}
          merchantId={merchantId}
          onClose={() => {
            setOpen(null);
          }}
          onAttach={(courierId) =>
            withBusy(opened.id, async () => {
              const [failure] = await attachCourier(opened.id, courierId);
              return !failure;
            })
          }
          onOffer={() =>
            withBusy(opened.id, async () => {
              const [failure] = await offerToCouriers(opened.id);
              if (!failure) setSaid(t`Order #${String(opened.number)} is offered to the branch's couriers`);
              return !failure;
            })
          }
        />
      ) : null}
      {open?.kind === "order" && opened ? (
        <OrderDialog
          order={opened}
          onClose={() => {
            setOpen(null);
          }}
          onPrint={(what) => {
            setPrinting({ order: opened, what });
          }}
        />
      ) : null}
      {printing?.what === "ticket" ? (
        <KitchenTicket
          order={printing.order}
          onDone={() => {
            setPrinting(null);
          }}
        />
      ) : printing?.what === "slip" ? (
        <CustomerSlip
          order={printing.order}
          onDone={() => {
            setPrinting(null);
          }}
        />
      ) : null}
    </>
  );
}

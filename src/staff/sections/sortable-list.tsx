// The back office's sortable lists (dnd-kit): a handle moves a row by pointer, or by keyboard (Space,
// the arrows, Space; Escape cancels), each step announced to screen readers. Categories, dishes,
// menu groups and a dish's groups of options are put in order with it.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

export function SortableList<T extends { id: string }>({
  items,
  label,
  nameOf,
  onOrder,
  render,
}: {
  items: T[];
  label: string;
  nameOf: (item: T) => string;
  onOrder: (ids: string[]) => void;
  render: (item: T, handle: ReactNode) => ReactNode;
}) {
  const { t } = useLingui();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: string | number) => {
    const item = items.find((i) => i.id === id);
    return item ? nameOf(item) : "";
  };
  const position = (id: string | number | undefined) => String(items.findIndex((i) => i.id === id) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t`Picked up ${name(active.id)}, position ${position(active.id)} of ${String(items.length)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? t`${name(active.id)} is over position ${position(over.id)} of ${String(items.length)}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t`${name(active.id)} dropped at position ${position(over.id)} of ${String(items.length)}.`
        : undefined,
    onDragCancel: ({ active }) => t`Moving ${name(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    onOrder(arrayMove(items, from, to).map((i) => i.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t`To move an item, press Space, then the arrow keys, then Space again to drop it or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ul className="staff-list menu-builder__list" aria-label={label}>
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item)}>
              {(handle) => render(item, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  name,
  children,
}: {
  id: string;
  name: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="menu-builder__handle"
      {...attributes}
      {...listeners}
      aria-label={t`Move ${name}`}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M9 5h2v2H9zm4 0h2v2h-2zM9 11h2v2H9zm4 0h2v2h-2zm-4 6h2v2H9zm4 0h2v2h-2z"
        />
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      className={`staff-row menu-builder__row${isDragging ? " menu-builder__row--dragging" : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}

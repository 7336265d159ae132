/**
 * An ordered list the shop edits in place (the FAQ, core values, locations, e-mail addresses,
 * social profiles): each item with Edit, Move up, Move down and Delete (after a confirm step),
 * and an "Add" button that opens the same form empty at the end. One form is open at a time.
 * A move sends the whole new order (`PUT …/order/`); the list shows the server's answer.
 */
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { useSingleFlight } from '../../components/use-single-flight';

/** What an item's form is given: the item (null to add one) and what to call when done. */
export interface ItemFormProps<Item> {
  item: Item | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

export function OrderedList<Item extends { id: number }>({
  title,
  noun,
  items,
  name,
  details,
  Form,
  onReorder,
  onDelete,
  reordering,
  deleting,
  empty,
}: {
  /** The list's heading (h2). */
  title: string;
  /** What one item is called, lowercase ("question"): the Add button and the messages say it. */
  noun: string;
  items: Item[];
  /** The item's name as its heading and the buttons' hidden words say it. */
  name: (item: Item) => string;
  details?: (item: Item) => ReactNode;
  Form: (props: ItemFormProps<Item>) => ReactNode;
  onReorder: (ids: number[]) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  reordering: boolean;
  deleting: boolean;
  empty: string;
}) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const once = useSingleFlight();
  const headingId = `${noun.replace(/\W+/g, '-')}-list-title`;

  const move = (index: number, by: -1 | 1) =>
    void once(async () => {
      const ids = items.map((item) => item.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + by, 0, moved!);
      setMessage(null);
      try {
        await onReorder(ids);
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) });
      }
    });

  const done = (text: string) => {
    setEditing(null);
    setMessage({ tone: 'success', text });
  };

  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 id={headingId}>{title}</h2>
        {editing !== 'new' ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setMessage(null);
              setEditing('new');
            }}
          >
            Add {/^[aeiou]/i.test(noun) ? 'an' : 'a'} {noun}
          </button>
        ) : null}
      </div>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {items.length === 0 && editing !== 'new' ? <p className="empty">{empty}</p> : null}
      <ol className="ordered-list">
        {items.map((item, index) => (
          <li key={item.id} className="ordered-item">
            {editing === item.id ? (
              <Form item={item} onDone={done} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <div className="ordered-item-main">
                  <h3>{name(item)}</h3>
                  {details ? details(item) : null}
                </div>
                <div className="button-row">
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => {
                      setMessage(null);
                      setEditing(item.id);
                    }}
                  >
                    Edit <span className="visually-hidden">{name(item)}</span>
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    disabled={index === 0 || reordering}
                    onClick={() => move(index, -1)}
                  >
                    Move up <span className="visually-hidden">{name(item)}</span>
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    disabled={index === items.length - 1 || reordering}
                    onClick={() => move(index, 1)}
                  >
                    Move down <span className="visually-hidden">{name(item)}</span>
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => {
                      setMessage(null);
                      setRemoving(item);
                    }}
                  >
                    Delete <span className="visually-hidden">{name(item)}</span>
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
        {editing === 'new' ? (
          <li className="ordered-item">
            <Form item={null} onDone={done} onCancel={() => setEditing(null)} />
          </li>
        ) : null}
      </ol>
      {removing ? (
        <ConfirmDialog
          title={`Delete "${name(removing)}"?`}
          confirmLabel="Delete"
          cancelLabel="Keep it"
          pending={deleting}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            void once(async () => {
              try {
                await onDelete(removing.id);
                setMessage({ tone: 'success', text: `The ${noun} was deleted.` });
              } catch (error) {
                setMessage({ tone: 'error', text: errorMessage(error) });
              } finally {
                setRemoving(null);
              }
            })
          }
        >
          <p>It leaves the shop&apos;s pages at once. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** The Save and Cancel buttons of an item's form. */
export function FormButtons({
  pending,
  onCancel,
  saveLabel = 'Save',
}: {
  pending: boolean;
  onCancel: () => void;
  saveLabel?: string;
}) {
  return (
    <div className="button-row">
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Saving…' : saveLabel}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

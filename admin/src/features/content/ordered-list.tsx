/**
 * An ordered list the shop edits in place (the FAQ, core values, locations, e-mail addresses,
 * social profiles): each item with Edit, Move up, Move down and Delete (after a confirm step),
 * and an "Add" button that opens the same form empty at the end. One form is open at a time.
 * A move sends the whole new order (`PUT …/order/`); the list shows the server's answer.
 * The lists' item forms share `useItemForm` (add or save, then say so) and `ItemForm` (the form
 * around their fields, with Save and Cancel). The shipping zones and methods (settings) are
 * such lists too.
 */
import { useState, type FormEventHandler, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { FormNotices, Notice } from '../../components/notice';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSingleFlight } from '../../components/use-single-flight';

/** What an item's form is given: the item (null to add one) and what to call when done. */
export interface ItemFormProps<Item> {
  item: Item | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** A mutation as the list uses it: sent with `mutateAsync`, under way while `isPending`. */
interface Move<Input> {
  mutateAsync: (input: Input) => Promise<unknown>;
  isPending: boolean;
}

/**
 * A list's moves (content/api.ts `useOrderedList`, settings/api.ts `useZoneMoves`): add an
 * item, change one, delete one, put them in a new order.
 */
export interface ListMoves<Body> {
  create: Move<Body>;
  update: Move<{ id: number; body: Body }>;
  remove: Move<number>;
  reorder: Move<number[]>;
}

export function OrderedList<Item extends { id: number }>({
  title,
  noun,
  items,
  name,
  details,
  Form,
  moves,
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
  /** Where a move up or down and a delete are sent. */
  moves: Pick<ListMoves<never>, 'remove' | 'reorder'>;
  empty: string;
}) {
  const reordering = moves.reorder.isPending;
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
        await moves.reorder.mutateAsync(ids);
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
          pending={moves.remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            void once(async () => {
              try {
                await moves.remove.mutateAsync(removing.id);
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

/**
 * An item form's submit (components/use-server-submit.ts): the checked values, through `toBody`
 * when given, change `item` or add a new one through `moves`; then `onDone` says "The {noun}
 * was saved." or "… was added.". Returns the props of {@link ItemForm}: its fields' ids start
 * `{idPrefix}-{item id}`, or `{idPrefix}-new`.
 */
export function useItemForm<TFieldValues extends FieldValues, TOutput, Body = TOutput>(
  form: UseFormReturn<TFieldValues, unknown, TOutput>,
  { item, onDone, onCancel }: ItemFormProps<{ id: number }>,
  {
    noun,
    idPrefix,
    fields,
    moves,
    toBody = (values) => values as unknown as Body,
  }: {
    noun: string;
    idPrefix: string;
    fields: readonly Path<TFieldValues>[];
    moves: Pick<ListMoves<Body>, 'create' | 'update'>;
    toBody?: (values: TOutput) => Body;
  },
) {
  const { submit, message } = useServerSubmit(form, fields, async (values) => {
    const body = toBody(values);
    if (item) await moves.update.mutateAsync({ id: item.id, body });
    else await moves.create.mutateAsync(body);
    onDone(`The ${noun} was ${item ? 'saved' : 'added'}.`);
  });
  return {
    form,
    idPrefix: `${idPrefix}-${item ? item.id : 'new'}`,
    label: `${item ? 'Edit' : 'New'} ${noun}`,
    submit,
    message,
    onCancel,
  };
}

/** An item's form ({@link useItemForm}'s props): its message, its fields, Save and Cancel. */
export function ItemForm<TFieldValues extends FieldValues, TOutput>({
  form,
  idPrefix,
  label,
  submit,
  message,
  onCancel,
  children,
}: {
  form: UseFormReturn<TFieldValues, unknown, TOutput>;
  idPrefix: string;
  label: string;
  submit: FormEventHandler<HTMLFormElement>;
  message: string | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Form form={form} idPrefix={idPrefix} onSubmit={submit} aria-label={label}>
      <FormNotices error={message} />
      {children}
      <FormButtons busy={form.formState.isSubmitting} onCancel={onCancel} />
    </Form>
  );
}

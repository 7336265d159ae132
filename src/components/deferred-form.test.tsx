import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A react-hook-form form like the shop's: registered inputs reset to their default values. */
function NameForm({ onSend }: { onSend: (values: { name: string; email: string }) => void }) {
  const form = useForm({ defaultValues: { name: '', email: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSend)}>
      <label htmlFor="name">Name</label>
      <input id="name" {...form.register('name')} />
      <label htmlFor="email">Email</label>
      <input id="email" {...form.register('email')} />
      <button type="submit">Send</button>
    </form>
  );
}

/** A field held in React state, with an id and no name (like the product page's quantity). */
function QuantityForm() {
  const [quantity, setQuantity] = useState('1');
  return (
    <form>
      <label htmlFor="qty">Quantity</label>
      <input id="qty" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
      <output>{`Adds ${quantity}`}</output>
    </form>
  );
}

/** A handle chosen by radio, its price shown from the form's state (like the product page's). */
function HandleForm() {
  const form = useForm({ defaultValues: { handle: 'walnut' } });
  const handle = useWatch({ control: form.control, name: 'handle' });
  return (
    <form>
      {['walnut', 'ebony'].map((wood) => (
        <label key={wood}>
          <input type="radio" value={wood} {...form.register('handle')} />
          {wood}
        </label>
      ))}
      <output>{handle === 'ebony' ? '$405.00' : '$385.00'}</output>
    </form>
  );
}

/** The module afresh (its intent is once per page) and a form whose code arrives on `arrive()`. */
async function setUp() {
  vi.resetModules();
  const { deferredForm } = await import('./deferred-form');
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return NameForm as ComponentType<{ onSend: (values: unknown) => void }>;
  });
  return { Deferred: deferredForm(load), load, arrive: () => act(async () => arrive()) };
}

/** The page as the server sends it: the form's HTML inside the wrapper and its boundary. */
function serverHtml(): string {
  return renderToString(
    <div className="deferred-form">
      <Suspense fallback={null}>
        <NameForm onSend={() => {}} />
      </Suspense>
    </div>,
  );
}

describe('deferredForm', () => {
  beforeEach(() => {
    delete document.documentElement.dataset.hydrated;
  });
  afterEach(() => {
    delete (window as { $_TSR?: unknown }).$_TSR;
    document.body.innerHTML = '';
  });

  it('renders the form at once when the page is not a server-rendered one being hydrated', async () => {
    const { Deferred, arrive, load } = await setUp();
    render(<Deferred onSend={() => {}} />);
    expect(load).toHaveBeenCalled();
    await arrive();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('keeps the server HTML and loads nothing until the shopper reaches for the form', async () => {
    const { Deferred, arrive, load } = await setUp();
    (window as { $_TSR?: unknown }).$_TSR = {};
    const container = document.createElement('div');
    container.innerHTML = serverHtml();
    document.body.append(container);
    const input = container.querySelector<HTMLInputElement>('#name')!;

    await act(async () => void hydrateRoot(container, <Deferred onSend={() => {}} />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('#name')).toBe(input);

    fireEvent.focusIn(input);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();
    // Hydrated in place: the same element, not a new one.
    expect(container.querySelector('#name')).toBe(input);
  });

  it('keeps what was typed before the form was live and makes a held submit with it', async () => {
    const { Deferred, arrive } = await setUp();
    (window as { $_TSR?: unknown }).$_TSR = {};
    const container = document.createElement('div');
    container.innerHTML = serverHtml();
    document.body.append(container);
    const onSend = vi.fn();
    await act(async () => void hydrateRoot(container, <Deferred onSend={onSend} />));

    const name = container.querySelector<HTMLInputElement>('#name')!;
    const email = container.querySelector<HTMLInputElement>('#email')!;
    fireEvent.focusIn(name);
    fireEvent.input(name, { target: { value: 'Ada Lovelace' } });
    fireEvent.input(email, { target: { value: 'ada@example.com' } });
    // Enter before the code arrived: held, not sent natively.
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    await arrive();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(name.value).toBe('Ada Lovelace');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]![0]).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('keeps a radio chosen before the form was live, even one no event told of', async () => {
    vi.resetModules();
    const { deferredForm } = await import('./deferred-form');
    const { releaseDeferredForms } = await import('./deferred-intent');
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Deferred = deferredForm(async () => {
      await arrived;
      return HandleForm;
    });
    (window as { $_TSR?: unknown }).$_TSR = {};
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <div className="deferred-form">
        <Suspense fallback={null}>
          <HandleForm />
        </Suspense>
      </div>,
    );
    document.body.append(container);
    await act(async () => void hydrateRoot(container, <Deferred />));
    // Chosen while the page was still hydrating: the element changed, no listener heard it.
    container.querySelector<HTMLInputElement>('input[value="ebony"]')!.checked = true;
    releaseDeferredForms();
    await act(async () => arrive());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.querySelector<HTMLInputElement>('input[value="ebony"]')!.checked).toBe(true);
    expect(container.querySelector('output')).toHaveTextContent('$405.00');
  });

  it('keeps a number typed into a field held in React state before the form was live', async () => {
    vi.resetModules();
    const { deferredForm } = await import('./deferred-form');
    const Deferred = deferredForm(async () => QuantityForm);
    (window as { $_TSR?: unknown }).$_TSR = {};
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <div className="deferred-form">
        <Suspense fallback={null}>
          <QuantityForm />
        </Suspense>
      </div>,
    );
    document.body.append(container);
    await act(async () => void hydrateRoot(container, <Deferred />));
    const quantity = container.querySelector<HTMLInputElement>('#qty')!;
    fireEvent.focusIn(quantity);
    fireEvent.input(quantity, { target: { value: '2' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(quantity.value).toBe('2');
    expect(container.querySelector('output')).toHaveTextContent('Adds 2');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render-with-router';
import { ContactForm } from './contact-form';
import { stubApi, type StubAnswer } from '../../test/stub-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RECEIPT = {
  id: 18,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Custom engraving',
  message: 'Could you engrave initials?',
  created_at: '2026-11-20T09:30:00Z',
};

async function renderForm(answer: StubAnswer = { status: 201, body: RECEIPT }) {
  const calls = stubApi({ '/contact/messages/': answer });
  await renderWithRouter(<ContactForm />, { path: '/contact' });
  return { calls, user: userEvent.setup() };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'Name' | 'Email' | 'Phone' | 'Subject' | 'Message', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    const field =
      label === 'Phone' ? screen.getByLabelText('Phone (optional)') : screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

const VALID = {
  Name: 'Ada Lovelace',
  Email: 'ada@example.com',
  Subject: 'Custom engraving',
  Message: 'Could you engrave initials?',
};

async function send(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactForm (spec sections 3, 5 and 8)', () => {
  it('requires name, email, subject and message, each with its message, and sends nothing', async () => {
    const { calls, user } = await renderForm();
    await send(user);
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText('Phone (optional)')).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(0);
  });

  it('treats whitespace-only fields as empty', async () => {
    const { calls, user } = await renderForm();
    await fill(user, { ...VALID, Name: '   ', Message: '  \n ' });
    await send(user);
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says 'Please enter a valid email address.' for a malformed e-mail", async () => {
    const { calls, user } = await renderForm();
    await fill(user, { ...VALID, Email: 'ada@' });
    await send(user);
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed message without a blank phone, thanks the sender and empties the form', async () => {
    const { calls, user } = await renderForm();
    await fill(user, { ...VALID, Name: '  Ada Lovelace ' });
    await send(user);
    const thanks = await screen.findByRole('status');
    expect(thanks).toHaveTextContent('Thank you for your message! We will get back to you soon.');
    // Focus goes to the outcome, so a shopper who scrolled down to Send sees it.
    expect(thanks).toHaveFocus();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/contact/messages/',
      body: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Custom engraving',
        message: 'Could you engrave initials?',
      },
    });
    expect(calls[0]?.body).not.toHaveProperty('phone_number');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('sends the optional phone number when given', async () => {
    const { calls, user } = await renderForm();
    await fill(user, { ...VALID, Phone: '+44 20 7946 0958' });
    await send(user);
    await screen.findByRole('status');
    expect(calls[0]?.body).toMatchObject({ phone_number: '+44 20 7946 0958' });
  });

  it("shows the server's detail, as for a 429 from the throttle", async () => {
    const { user } = await renderForm({
      status: 429,
      body: { detail: 'Too many messages. Please try again in 10 minutes.' },
    });
    await fill(user, VALID);
    await send(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many messages. Please try again in 10 minutes.');
    expect(alert).toHaveFocus();
    // The shopper's text stays, to try again later.
    expect(screen.getByLabelText('Message')).toHaveValue('Could you engrave initials?');
  });

  it("shows the server's field errors as 'field: messages' joined by '; ' when there is no detail", async () => {
    const { user } = await renderForm({
      status: 400,
      body: { email: ['Enter a valid email address.'], message: ['Too long.', 'Really.'] },
    });
    await fill(user, VALID);
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'email: Enter a valid email address.; message: Too long. Really.',
    );
  });

  it("falls back to 'Failed to send message. Please try again later.'", async () => {
    const { user } = await renderForm({ status: 500, body: '' });
    await fill(user, VALID);
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Please try again later.',
    );
  });

  it("says 'Failed to send message. Please try again later.' when the server cannot be reached", async () => {
    const { user } = await renderForm({ networkError: true });
    await fill(user, VALID);
    await send(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send message. Please try again later.');
    expect(within(alert).queryByText(/Failed to fetch/)).toBeNull();
  });

  it('clears an earlier failure once a message goes through', async () => {
    let attempt = 0;
    stubApi({
      '/contact/messages/': () =>
        ++attempt === 1
          ? { status: 503, body: { detail: 'Busy.' } }
          : { status: 201, body: RECEIPT },
    });
    await renderWithRouter(<ContactForm />, { path: '/contact' });
    const user = userEvent.setup();
    await fill(user, VALID);
    await send(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Busy.');
    await send(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message!');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('posts natively, so a submit before the scripts run never puts the message in the URL', async () => {
    await renderForm();
    expect(screen.getByRole('button', { name: 'Send Message' }).closest('form')).toHaveAttribute(
      'method',
      'post',
    );
  });
});

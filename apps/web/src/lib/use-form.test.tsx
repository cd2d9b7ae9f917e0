import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createSupportRequestSchema, SUPPORT_MESSAGES } from '@marketplace/contracts/workspace';
import { TextField } from '../components/field';
import { useForm } from './use-form';

const EMPTY = { topic: '', subject: '', message: '' };

/** A form on the contracts' schema, as the pages use the hook. */
function SupportForm({ onSend }: { onSend: (body: unknown) => unknown }) {
  const form = useForm({ initialValues: EMPTY, schema: createSupportRequestSchema });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSend)}>
      {form.formError && <p role="alert">{form.formError}</p>}
      <TextField label="Topic" {...form.field('topic')} />
      <TextField label="Subject" {...form.field('subject')} />
      <TextField label="Message" {...form.field('message')} />
      <p data-testid="touched">{Object.keys(form.touched).join(',')}</p>
      <button type="submit">{form.isSubmitting ? 'Sending…' : 'Send'}</button>
    </form>
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, fields: Record<string, string>) {
  for (const [label, text] of Object.entries(fields)) await user.type(screen.getByLabelText(label), text);
}

describe('useForm', () => {
  it("shows the schema's first message under each refused field, focuses the first and sends nothing", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<SupportForm onSend={onSend} />);
    await fill(user, { Subject: 'Hi' });
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByLabelText('Topic')).toHaveAccessibleDescription('Choose a topic');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription(SUPPORT_MESSAGES.subject);
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(SUPPORT_MESSAGES.message);
    expect(screen.getByLabelText('Topic')).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('clears a field’s message when it is typed in, and remembers the touched fields', async () => {
    const user = userEvent.setup();
    render(<SupportForm onSend={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(screen.getByLabelText('Subject'), 'Late parcel');

    expect(screen.getByLabelText('Subject')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(SUPPORT_MESSAGES.message);
    expect(screen.getByTestId('touched')).toHaveTextContent('subject');
    await user.click(screen.getByLabelText('Message'));
    await user.tab();
    expect(screen.getByTestId('touched')).toHaveTextContent('subject,message');
  });

  it('sends what the schema made of the values (trimmed) once, even on a double click', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => {};
    const onSend = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<SupportForm onSend={onSend} />);
    await fill(user, { Topic: 'orders', Subject: '  Late parcel  ', Message: 'It has not arrived yet.' });
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ topic: 'orders', subject: 'Late parcel', message: 'It has not arrived yet.' });
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeInTheDocument();
    await act(async () => answer());
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it("merges the server's field messages under the fields and shows its message above the form", async () => {
    const user = userEvent.setup();
    const refusal = {
      status: 400,
      data: {
        error: 'Validation failed',
        issues: [
          { path: 'message', message: 'Too rude' },
          { path: 'unknown', message: 'Ignored' },
        ],
      },
    };
    render(<SupportForm onSend={() => Promise.reject(refusal)} />);
    await fill(user, { Topic: 'orders', Subject: 'Late parcel', Message: 'It has not arrived yet.' });
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Too rude');
    expect(screen.getByLabelText('Message')).toHaveFocus();
    expect(screen.getByLabelText('Subject')).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed');
  });

  it('maps nested paths to fields by their last part, or as the form says', () => {
    const schema = z.object({ address: z.object({ city: z.string().min(1, 'City is required') }), expMonth: z.number({ error: 'Bad month' }) });
    const { result } = renderHook(() =>
      useForm({
        initialValues: { city: '', expiry: '' },
        schema,
        toInput: (values) => ({ address: { city: values.city }, expMonth: Number.NaN }),
        fieldOf: (path) => (path === 'expMonth' ? 'expiry' : path === 'address.city' ? 'city' : undefined),
      }),
    );
    act(() => void result.current.validate());
    expect(result.current.errors).toEqual({ city: 'City is required', expiry: 'Bad month' });

    const { result: byDefault } = renderHook(() => useForm({ initialValues: { city: '' }, schema }));
    act(
      () =>
        void byDefault.current.showServerError({
          status: 400,
          data: { error: 'Invalid', issues: [{ path: 'shippingAddress.city', message: 'Unknown city' }] },
        }),
    );
    expect(byDefault.current.errors).toEqual({ city: 'Unknown city' });
    expect(byDefault.current.formError).toBe('Invalid');
  });

  it('formats typed text, sets values directly and resets', () => {
    const { result } = renderHook(() => useForm({ initialValues: () => ({ code: '', isDefault: false }) }));
    act(() => result.current.field('code', { format: (text) => text.toUpperCase() }).onChange({ target: { value: 'ab' } } as never));
    act(() => result.current.setValue('isDefault', true));
    expect(result.current.values).toEqual({ code: 'AB', isDefault: true });
    expect(result.current.touched).toEqual({ code: true, isDefault: true });

    act(() => result.current.reset());
    expect(result.current.values).toEqual({ code: '', isDefault: false });
    expect(result.current.touched).toEqual({});
  });

  it('stops the submit on a refusal no field shows, saying why above the form', () => {
    const schema = z.object({ a: z.string() }).refine(() => false, { message: 'Nothing to save' });
    const { result } = renderHook(() => useForm({ initialValues: { a: '' }, schema }));
    let data: unknown = 'unset';
    act(() => void (data = result.current.validate()));
    expect(data).toBeNull();
    expect(result.current.formError).toBe('Nothing to save');
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, requestOf, type ApiHandler } from '../../../test/render-app';
import { makeAuthResponse } from '../../../test/tokens';

function answerSignup(status: number, body: unknown): ApiHandler {
  return (request) => (request.url.endsWith('/api/auth/signup') ? jsonResponse(status, body) : jsonResponse(404, { error: 'Not found' }));
}

type User = ReturnType<typeof renderApp>['user'];

async function fillBuyerFields(user: User, { password = 'long-enough-password' } = {}) {
  await user.type(await screen.findByLabelText('First name'), 'Bea');
  await user.type(screen.getByLabelText('Last name'), 'Tester');
  await user.type(screen.getByLabelText('Email'), 'Bea@Example.com');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('SignupPage', () => {
  it('shows each field’s message under that field', async () => {
    const { user, fetchSpy } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password must be at least 8 characters/);
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks buyers for no company name and sends none', async () => {
    const { user, fetchSpy } = renderApp('/signup', { api: answerSignup(201, makeAuthResponse('buyer')) });
    expect(await screen.findByRole('radio', { name: 'Buyer' })).toBeChecked();
    expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();

    await fillBuyerFields(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(await requestOf(fetchSpy).json()).toEqual({
      email: 'bea@example.com',
      password: 'long-enough-password',
      firstName: 'Bea',
      lastName: 'Tester',
      role: 'buyer',
    });
    expect(localStorage.getItem('role')).toBe('buyer');
  });

  it('requires a company name from sellers, then sends the seller to the seller product list', async () => {
    const { user, router, fetchSpy } = renderApp('/signup', { api: answerSignup(201, makeAuthResponse('seller')) });
    await user.click(await screen.findByRole('radio', { name: 'Seller' }));
    await fillBuyerFields(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const companyName = screen.getByLabelText('Company name');
    expect(companyName).toHaveAccessibleDescription(/Company name is required for sellers/);
    expect(companyName).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.type(companyName, 'Tester Goods');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Product List' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller/product-list');
    expect(await requestOf(fetchSpy).json()).toMatchObject({ role: 'seller', companyName: 'Tester Goods' });
  });

  it('preselects Seller when linked from "Sell on Marketplace"', async () => {
    renderApp('/signup?role=seller');
    expect(await screen.findByRole('radio', { name: 'Seller' })).toBeChecked();
    expect(screen.getByLabelText('Company name')).toBeInTheDocument();
  });

  it('shows the 409 message under the email field', async () => {
    const { user } = renderApp('/signup', { api: answerSignup(409, { error: 'An account with this email already exists' }) });
    await fillBuyerFields(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('An account with this email already exists');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows a shop name another shop has under the company name, not the email', async () => {
    const message = 'There is already a shop called “Tester Goods” (or a name that reads the same). Choose another name.';
    const { user } = renderApp('/signup', {
      api: answerSignup(409, { error: message, code: 'shop_name_taken', field: 'companyName', issues: [{ path: 'companyName', message }] }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Seller' }));
    await fillBuyerFields(user);
    await user.type(screen.getByLabelText('Company name'), 'Tester Goods');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await expect.poll(() => screen.getByLabelText('Company name')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription(expect.stringContaining(message));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refuses a name that shows nothing before asking the server', async () => {
    const { user, fetchSpy } = renderApp('/signup');
    await user.click(await screen.findByRole('radio', { name: 'Seller' }));
    await fillBuyerFields(user);
    await user.type(screen.getByLabelText('Company name'), '\u3164\u3164\u3164');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('Company name')).toHaveAccessibleDescription(/Company name must contain at least one visible letter, number or symbol/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's validation issues under their fields", async () => {
    const { user } = renderApp('/signup', {
      api: answerSignup(400, { error: 'Validation failed', issues: [{ path: 'password', message: 'Password is too common' }] }),
    });
    await fillBuyerFields(user, { password: 'password123' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Password is too common')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Password is too common/);
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
  });

  it('rates the password as it is typed, and puts the policy refusal under the field', async () => {
    const message = 'Choose a stronger password: it is one of the most common passwords';
    const { user } = renderApp('/signup', { api: answerSignup(400, { error: message, code: 'weak_password', issues: [{ path: 'password', message }] }) });
    await fillBuyerFields(user, { password: 'qwertyui' });
    const meter = await screen.findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 });
    expect(meter).toHaveAttribute('aria-valuetext', 'Too weak');
    expect(screen.getByText(`— ${message}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await expect.poll(() => screen.getByLabelText('Password')).toHaveAccessibleDescription(new RegExp(message));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

// @vitest-environment happy-dom
// The feedback card: prefill from the signed-in user, the mail link, and the copy button's 2-second 'Copied!'.
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { User } from '@waymarks/shared';
import { AuthContext, type AuthContextValue } from '../../../app/auth/context';
import { COPIED_MS, FeedbackForm } from './FeedbackForm';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ada: User = {
  userId: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  username: null,
  picture: null,
  emailVerified: true,
  tier: 'free',
  signupDate: '2025-01-01T00:00:00.000Z',
};

function withUser(user: User | null) {
  const value = { status: user ? 'signedIn' : 'signedOut', user } as AuthContextValue;
  return ({ children }: { children: ReactNode }) => (
    <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const clipboard = { writeText: vi.fn(writeText) };
  vi.stubGlobal('navigator', { ...navigator, clipboard });
  return clipboard;
}

describe('FeedbackForm', () => {
  it('starts empty for a visitor, with the default subject and a 6-row message', () => {
    render(<FeedbackForm />, { wrapper: withUser(null) });
    expect(field('Name').value).toBe('');
    expect(field('Email').value).toBe('');
    expect(field('Email').type).toBe('email');
    expect(field('Subject').value).toBe('Feedback for Waymarks');
    expect(screen.getByLabelText('Message').getAttribute('rows')).toBe('6');
    for (const control of screen.getAllByRole('textbox'))
      expect((control as HTMLInputElement).required).toBe(false);
    expect(screen.getByRole('link', { name: 'Send via Email' }).getAttribute('href')).toBe(
      'mailto:support@waymarks.app?subject=Feedback%20for%20Waymarks',
    );
  });

  it('prefills name and e-mail from the signed-in user, and keeps what the visitor types instead', () => {
    render(<FeedbackForm />, { wrapper: withUser(ada) });
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(field('Email').value).toBe('ada@example.com');
    fireEvent.change(field('Name'), { target: { value: 'Ada' } });
    expect(field('Name').value).toBe('Ada');
    fireEvent.change(field('Email'), { target: { value: '' } });
    expect(field('Email').value).toBe('');
    expect(screen.getByRole('link', { name: 'Send via Email' }).getAttribute('href')).toBe(
      'mailto:support@waymarks.app?subject=Feedback%20for%20Waymarks&body=Name%3A%20Ada',
    );
  });

  it("copies recipient, subject and message and shows 'Copied!' for 2 seconds", async () => {
    vi.useFakeTimers();
    const clipboard = stubClipboard(() => Promise.resolve());
    render(<FeedbackForm />, { wrapper: withUser(null) });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy Message' })));
    expect(clipboard.writeText).toHaveBeenCalledWith(
      'To: support@waymarks.app\nSubject: Feedback for Waymarks\n\nHello',
    );
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy Message' })).toBeTruthy();
  });

  it('ignores a failed copy: no confirmation and no error (SPEC.md §8)', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    render(<FeedbackForm />, { wrapper: withUser(null) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy Message' })));
    expect(screen.queryByRole('button', { name: 'Copied!' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("opens 'Join Discord' in a new tab", () => {
    render(<FeedbackForm />, { wrapper: withUser(null) });
    const discord = screen.getByRole('link', { name: /Join Discord/ });
    expect(discord.getAttribute('href')).toBe('https://discord.gg/waymarks');
    expect(discord.getAttribute('target')).toBe('_blank');
    expect(discord.getAttribute('rel')).toContain('noopener');
  });
});

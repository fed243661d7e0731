import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ChangePasswordRequest,
  ConfirmEmailChangeRequest,
  EmailChangeRequest,
  ForgotPasswordRequest,
  OAuthExchangeRequest,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
  User,
  VerifyEmailRequest,
} from './auth.js';

const validSignUp = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'Abcdefg1' };

/** The messages of a failed parse, in order. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('SignUpRequest', () => {
  it('accepts a valid body', () => {
    expect(SignUpRequest.parse(validSignUp)).toEqual(validSignUp);
  });

  it('refuses unknown fields', () => {
    expect(SignUpRequest.safeParse({ ...validSignUp, tier: 'pro' }).success).toBe(false);
    expect(SignUpRequest.safeParse({ ...validSignUp, confirmPassword: 'Abcdefg1' }).success).toBe(false);
  });

  it('trims and lowercases the e-mail', () => {
    expect(SignUpRequest.parse({ ...validSignUp, email: '  Ada@Example.COM ' }).email).toBe(
      'ada@example.com',
    );
  });

  it('trims the name', () => {
    expect(SignUpRequest.parse({ ...validSignUp, name: '  Ada  ' }).name).toBe('Ada');
  });

  it("refuses a weak password with 'Password must contain uppercase, lowercase, and number'", () => {
    expect(messages(SignUpRequest, { ...validSignUp, password: 'abcdefgh' })).toEqual([
      'Password must contain uppercase, lowercase, and number',
    ]);
  });

  it("refuses a short password with 'Password must be at least 8 characters'", () => {
    expect(messages(SignUpRequest, { ...validSignUp, password: 'Abc1' })).toEqual([
      'Password must be at least 8 characters',
    ]);
  });

  it("refuses a missing password value with 'Password is required'", () => {
    expect(messages(SignUpRequest, { ...validSignUp, password: '' })).toEqual(['Password is required']);
  });

  it('refuses a password over 200 characters', () => {
    expect(messages(SignUpRequest, { ...validSignUp, password: `Aa1${'a'.repeat(198)}` })).toContain(
      'Too long',
    );
  });

  it('refuses an invalid e-mail and a short name with the exact messages', () => {
    expect(messages(SignUpRequest, { ...validSignUp, email: 'ada' })).toEqual(['Please enter a valid email']);
    expect(messages(SignUpRequest, { ...validSignUp, email: ' ' })).toContain('Email is required');
    expect(messages(SignUpRequest, { ...validSignUp, name: ' A ' })).toEqual([
      'Name must be at least 2 characters',
    ]);
    expect(messages(SignUpRequest, { ...validSignUp, name: '' })).toContain('Name is required');
  });

  it('treats an empty username as none and trims a given one', () => {
    expect(SignUpRequest.parse({ ...validSignUp, username: '   ' }).username).toBeUndefined();
    expect(SignUpRequest.parse({ ...validSignUp, username: ' ada_l ' }).username).toBe('ada_l');
  });

  it("accepts a 49-character username and refuses 50 with 'Username must be less than 50 characters'", () => {
    expect(SignUpRequest.parse({ ...validSignUp, username: 'a'.repeat(49) }).username).toBe('a'.repeat(49));
    expect(messages(SignUpRequest, { ...validSignUp, username: 'a'.repeat(50) })).toEqual([
      'Username must be less than 50 characters',
    ]);
  });

  it('refuses a username with other characters with the exact message', () => {
    expect(messages(SignUpRequest, { ...validSignUp, username: 'ada lovelace' })).toEqual([
      'Username can only contain letters, numbers, underscore, and hyphen',
    ]);
  });
});

describe('SignInRequest', () => {
  it('accepts any non-empty password and lowercases the e-mail', () => {
    expect(SignInRequest.parse({ email: 'ADA@example.com', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it("refuses an empty password with 'Password is required'", () => {
    expect(messages(SignInRequest, { email: 'ada@example.com', password: '' })).toEqual([
      'Password is required',
    ]);
  });

  it('refuses unknown fields', () => {
    expect(SignInRequest.safeParse({ email: 'ada@example.com', password: 'x', remember: true }).success).toBe(
      false,
    );
  });
});

describe('VerifyEmailRequest', () => {
  it('accepts a 6-character code, trimmed', () => {
    expect(VerifyEmailRequest.parse({ email: 'ada@example.com', code: ' 123456 ' }).code).toBe('123456');
  });

  it("refuses an empty code with 'Verification code is required'", () => {
    expect(messages(VerifyEmailRequest, { email: 'ada@example.com', code: '' })).toEqual([
      'Verification code is required',
    ]);
  });

  it('refuses a code longer than 6 characters', () => {
    expect(VerifyEmailRequest.safeParse({ email: 'ada@example.com', code: '1234567' }).success).toBe(false);
  });
});

describe('ForgotPasswordRequest', () => {
  it("refuses a missing e-mail with 'Email is required'", () => {
    expect(messages(ForgotPasswordRequest, { email: '' })).toContain('Email is required');
  });
});

describe('ResetPasswordRequest', () => {
  it('applies the sign-up password rules', () => {
    expect(messages(ResetPasswordRequest, { token: 't', password: 'abcdefgh' })).toEqual([
      'Password must contain uppercase, lowercase, and number',
    ]);
    expect(ResetPasswordRequest.safeParse({ token: 't', password: 'Abcdefg1' }).success).toBe(true);
  });
});

describe('ChangePasswordRequest', () => {
  it('takes the current password as typed and holds the new one to the sign-up rules', () => {
    const body = { currentPassword: ' any old thing ', newPassword: 'Abcdefg1' };
    expect(ChangePasswordRequest.parse(body)).toEqual(body);
    expect(messages(ChangePasswordRequest, { ...body, newPassword: 'abcdefgh' })).toEqual([
      'Password must contain uppercase, lowercase, and number',
    ]);
    expect(messages(ChangePasswordRequest, { ...body, currentPassword: '' })).toEqual([
      'Password is required',
    ]);
  });
});

describe('EmailChangeRequest', () => {
  it('trims and lowercases the new address and refuses one that is not an address', () => {
    const body = { newEmail: '  Ada@New.Example ', currentPassword: 'x' };
    expect(EmailChangeRequest.parse(body).newEmail).toBe('ada@new.example');
    expect(messages(EmailChangeRequest, { ...body, newEmail: 'ada' })).toEqual([
      'Please enter a valid email',
    ]);
    expect(EmailChangeRequest.safeParse({ ...body, email: 'ada@example.com' }).success).toBe(false);
  });
});

describe('ConfirmEmailChangeRequest', () => {
  it("accepts a 6-character code, trimmed, and refuses an empty one with 'Verification code is required'", () => {
    expect(ConfirmEmailChangeRequest.parse({ code: ' 123456 ' }).code).toBe('123456');
    expect(messages(ConfirmEmailChangeRequest, { code: ' ' })).toEqual(['Verification code is required']);
    expect(ConfirmEmailChangeRequest.safeParse({ code: '1234567' }).success).toBe(false);
  });
});

describe('OAuthExchangeRequest', () => {
  it('refuses an empty code', () => {
    expect(OAuthExchangeRequest.safeParse({ code: '' }).success).toBe(false);
  });
});

describe('User', () => {
  it('refuses a tier that is not one of the five', () => {
    const user = {
      userId: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      username: null,
      picture: null,
      emailVerified: true,
      tier: 'free',
      signupDate: '2024-01-01T00:00:00.000Z',
    };
    expect(User.safeParse(user).success).toBe(true);
    expect(User.safeParse({ ...user, tier: 'gold' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  MESSAGES,
  validateEmail,
  validateName,
  validateNewPassword,
  validatePasswordConfirmation,
  validatePasswordPresent,
  validateSignIn,
  validateSignUp,
  validateUsername,
  validateVerificationCode,
} from './validation.js';

describe('input limits (SPEC.md §9)', () => {
  it('are password 8, name 2, username 2 to 50, verification code 6', () => {
    expect(LIMITS).toMatchObject({
      passwordMin: 8,
      nameMin: 2,
      usernameMin: 2,
      usernameMax: 50,
      verificationCodeLength: 6,
    });
  });
});

describe('validateEmail', () => {
  it("refuses an empty or blank e-mail with 'Email is required'", () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
  });

  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada lovelace@example.com', 'ada@exa mple.com'])(
    "refuses %j with 'Please enter a valid email'",
    (email) => {
      expect(validateEmail(email)).toBe('Please enter a valid email');
    },
  );

  it('refuses an address longer than 254 characters', () => {
    expect(validateEmail(`${'a'.repeat(245)}@example.com`)).toBe('Please enter a valid email');
  });

  it('accepts an address, ignoring surrounding spaces', () => {
    expect(validateEmail('ada@example.com')).toBeNull();
    expect(validateEmail('  Ada.Lovelace+maps@Example.co.uk ')).toBeNull();
  });
});

describe('validatePasswordPresent (sign-in)', () => {
  it("refuses an empty password with 'Password is required'", () => {
    expect(validatePasswordPresent('')).toBe('Password is required');
  });

  it('accepts any non-empty password, however weak', () => {
    expect(validatePasswordPresent('a')).toBeNull();
  });

  it("refuses a password over 200 characters with 'Too long'", () => {
    expect(validatePasswordPresent('a'.repeat(200))).toBeNull();
    expect(validatePasswordPresent('a'.repeat(201))).toBe('Too long');
  });
});

describe('validateNewPassword (sign-up)', () => {
  it("refuses an empty password with 'Password is required'", () => {
    expect(validateNewPassword('')).toBe('Password is required');
  });

  it("refuses 7 characters with 'Password must be at least 8 characters' and accepts 8", () => {
    expect(validateNewPassword('Abcdef1')).toBe('Password must be at least 8 characters');
    expect(validateNewPassword('Abcdefg1')).toBeNull();
  });

  it.each([
    ['no uppercase letter', 'abcdefg1'],
    ['no lowercase letter', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
  ])(
    "refuses a password with %s: 'Password must contain uppercase, lowercase, and number'",
    (_, password) => {
      expect(validateNewPassword(password)).toBe('Password must contain uppercase, lowercase, and number');
    },
  );

  it("refuses a password over 200 characters with 'Too long'", () => {
    expect(validateNewPassword(`Aa1${'a'.repeat(197)}`)).toBeNull();
    expect(validateNewPassword(`Aa1${'a'.repeat(198)}`)).toBe('Too long');
  });
});

describe('validatePasswordConfirmation', () => {
  it("refuses a confirmation that differs with 'Passwords do not match'", () => {
    expect(validatePasswordConfirmation('Abcdefg1', 'Abcdefg2')).toBe('Passwords do not match');
    expect(validatePasswordConfirmation('Abcdefg1', 'abcdefg1')).toBe('Passwords do not match');
  });

  it('accepts an equal confirmation', () => {
    expect(validatePasswordConfirmation('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('validateName', () => {
  it("refuses an empty or blank name with 'Name is required'", () => {
    expect(validateName('')).toBe('Name is required');
    expect(validateName('   ')).toBe('Name is required');
  });

  it("refuses one character after trimming with 'Name must be at least 2 characters'", () => {
    expect(validateName('A')).toBe('Name must be at least 2 characters');
    expect(validateName('  A  ')).toBe('Name must be at least 2 characters');
  });

  it('accepts two characters', () => {
    expect(validateName('Al')).toBeNull();
  });

  it("refuses a name over 200 characters with 'Too long'", () => {
    expect(validateName('a'.repeat(201))).toBe('Too long');
  });
});

describe('validateUsername', () => {
  it('accepts an empty username (it is optional)', () => {
    expect(validateUsername('')).toBeNull();
    expect(validateUsername('   ')).toBeNull();
  });

  it("refuses one character with 'Username must be at least 2 characters' and accepts 2", () => {
    expect(validateUsername('a')).toBe('Username must be at least 2 characters');
    expect(validateUsername('ab')).toBeNull();
  });

  it("accepts 49 characters and refuses 50 with 'Username must be less than 50 characters'", () => {
    expect(validateUsername('a'.repeat(49))).toBeNull();
    expect(validateUsername('a'.repeat(50))).toBe('Username must be less than 50 characters');
  });

  it('accepts letters, digits, underscore and hyphen', () => {
    expect(validateUsername('Ada_Lovelace-1815')).toBeNull();
  });

  it.each(['ada lovelace', 'ada.l', 'ada@home', 'adà', 'ada!'])(
    "refuses %j with 'Username can only contain letters, numbers, underscore, and hyphen'",
    (username) => {
      expect(validateUsername(username)).toBe(
        'Username can only contain letters, numbers, underscore, and hyphen',
      );
    },
  );
});

describe('validateVerificationCode', () => {
  it("refuses an empty code with 'Verification code is required'", () => {
    expect(validateVerificationCode('')).toBe('Verification code is required');
    expect(validateVerificationCode('  ')).toBe('Verification code is required');
  });

  it('accepts a code', () => {
    expect(validateVerificationCode('123456')).toBeNull();
  });
});

describe('validateSignUp', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    username: '',
    password: 'Abcdefg1',
    confirmPassword: 'Abcdefg1',
  };

  it('returns no errors for a valid form', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('returns every field error at once, keyed by field', () => {
    expect(
      validateSignUp({ name: 'A', email: 'ada', username: 'a', password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      name: MESSAGES.nameTooShort,
      email: MESSAGES.emailInvalid,
      username: MESSAGES.usernameTooShort,
      password: MESSAGES.passwordTooShort,
      confirmPassword: MESSAGES.passwordsDoNotMatch,
    });
  });
});

describe('validateSignIn', () => {
  it('returns no errors for an e-mail and any password', () => {
    expect(validateSignIn({ email: 'ada@example.com', password: 'x' })).toEqual({});
  });

  it('requires both fields with the exact messages', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
});

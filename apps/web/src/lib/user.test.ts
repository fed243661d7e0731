import { describe, expect, it } from 'vitest';
import { displayNameOf } from './user';

describe('displayNameOf', () => {
  it('uses the name, else the e-mail before the @, else "User"', () => {
    expect(displayNameOf({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayNameOf({ name: '  ', email: 'ada@example.com' })).toBe('ada');
    expect(displayNameOf({ name: '', email: '' })).toBe('User');
    expect(displayNameOf(null)).toBe('User');
  });
});

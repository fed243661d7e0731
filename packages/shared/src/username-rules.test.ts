import { describe, expect, it } from 'vitest';
import { USERNAME_RESERVED_MESSAGE, isReservedUsername } from './username-rules.js';
import { validateSignUp, validateUsername } from './validation.js';

describe('isReservedUsername', () => {
  it('refuses the names of the service and its staff in any case', () => {
    for (const name of ['admin', 'Support', 'WAYMARKS', 'moderator', 'staff', 'mod']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('refuses them written with separators or lookalike characters', () => {
    for (const name of [
      'ad-min',
      'way_marks',
      'Support.',
      's_u-p.p o r t',
      'w4ymarks',
      'adm1n',
      'supp0rt',
      'admln',
    ]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('refuses names that start or end with them', () => {
    for (const name of ['waymarks_team', 'official-support', 'admin2', 'the_admin', 'staff-ana']) {
      expect(isReservedUsername(name), name).toBe(true);
    }
  });

  it('leaves names that only contain a short word inside another', () => {
    for (const name of [
      'ada_lovelace',
      'badminton_fan',
      'modern_nomad',
      'steam_punk',
      'marco',
      'mallory_1',
    ]) {
      expect(isReservedUsername(name), name).toBe(false);
    }
  });
});

describe('the username rule on the forms and schemas', () => {
  it('says "This username is reserved" for a lookalike of the service', () => {
    expect(USERNAME_RESERVED_MESSAGE).toBe('This username is reserved');
    expect(validateUsername('Way_Marks')).toBe(USERNAME_RESERVED_MESSAGE);
    expect(
      validateSignUp({
        name: 'Ada',
        email: 'ada@example.com',
        username: 'ad-min',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      }).username,
    ).toBe(USERNAME_RESERVED_MESSAGE);
  });

  it('says what is wrong with the characters before calling a name reserved', () => {
    expect(validateUsername('Support.')).toBe(
      'Username can only contain letters, numbers, underscore, and hyphen',
    );
  });
});

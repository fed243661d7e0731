import { describe, expect, it } from 'vitest';
import { wardrobe } from './avatar.testing';
import { lookOf, savableParts, startingParts } from './parts';

describe('startingParts', () => {
  it('dresses a first avatar whole, in the first wearable part of each category', () => {
    expect(startingParts(wardrobe())).toEqual({
      body: 'body-slim',
      skin: 'skin-porcelain',
      face: 'face-smile',
      hair: 'hair-short-brown',
      top: 'top-tshirt',
      bottom: 'bottom-jeans',
      shoes: 'shoes-sneakers',
    });
  });

  it('skips parts that cannot be worn', () => {
    const items = wardrobe({ wearable: (item) => item.unlocked && item.id !== 'body-slim' });
    expect(startingParts(items).body).toBe('body-regular');
  });
});

describe('lookOf', () => {
  it('gives each worn part its shape and colour, and leaves out ids the wardrobe does not list', () => {
    const look = lookOf({ body: 'body-broad', top: 'top-hoodie', hair: 'hair-from-elsewhere' }, wardrobe());
    expect(look).toEqual({
      body: { shape: 'broad', color: '#000000' },
      top: { shape: 'hoodie', color: '#4b5563' },
    });
  });

  it('ignores a part filed under another category', () => {
    expect(lookOf({ hair: 'top-hoodie' }, wardrobe())).toEqual({});
  });
});

describe('savableParts', () => {
  const items = wardrobe();

  it('answers the parts when a build, a skin and a face are chosen and everything may be worn', () => {
    const parts = { body: 'body-slim', skin: 'skin-sand', face: 'face-calm', top: 'top-hoodie' };
    expect(savableParts(parts, items)).toEqual(parts);
  });

  it('refuses parts without a face', () => {
    expect(savableParts({ body: 'body-slim', skin: 'skin-sand' }, items)).toBeNull();
  });

  it('refuses a part that cannot be worn', () => {
    const parts = { body: 'body-slim', skin: 'skin-sand', face: 'face-wink' };
    expect(savableParts(parts, items)).toBeNull();
  });
});

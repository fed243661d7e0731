// @vitest-environment happy-dom
// The flat preview: a labelled picture in the look's colours, at a size or filling its parent.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AvatarPreview2D } from './AvatarPreview2D';
import { FLAG_DESIGNS } from './flags';
import type { AvatarLook } from './look';

afterEach(cleanup);

const LOOK: AvatarLook = {
  skin: { shape: 'skin', color: '#a8714a' },
  face: { shape: 'wink', color: '#3b2a20' },
  hair: { shape: 'bun', color: '#8a3b1c' },
  top: { shape: 'parka', color: '#1e3a5f' },
  bottom: { shape: 'cargo', color: '#6b705c' },
  shoes: { shape: 'boots', color: '#b22222' },
  headwear: { shape: 'fedora', color: '#8b6b47' },
  accessory: { shape: 'compass', color: '#b8860b' },
  flag: { shape: 'flag', color: 'IT' },
};

function fills(container: HTMLElement): Set<string> {
  return new Set(
    [...container.querySelectorAll('[fill]')].map((element) => element.getAttribute('fill') ?? ''),
  );
}

describe('AvatarPreview2D', () => {
  it('is an image named by its label', () => {
    render(<AvatarPreview2D look={LOOK} size={160} label="Your avatar" />);

    const image = screen.getByRole('img', { name: 'Your avatar' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.getAttribute('width')).toBe('160');
    expect(image.getAttribute('height')).toBe('200');
  });

  it('fills its parent when asked', () => {
    render(<AvatarPreview2D look={LOOK} size="fill" label="Your avatar" />);

    const image = screen.getByRole('img', { name: 'Your avatar' });
    expect(image.getAttribute('width')).toBeNull();
    expect(image.getAttribute('class')).toContain('w-full');
  });

  it('draws the skin, clothes, hair, hat, accessory and the flag in their colours', () => {
    const { container } = render(<AvatarPreview2D look={LOOK} size={300} label="Your avatar" />);

    const colours = fills(container);
    for (const part of Object.values(LOOK).filter((part) => part.shape !== 'flag')) {
      expect(colours, part.shape).toContain(part.color);
    }
    for (const stripe of FLAG_DESIGNS.IT!.stripes) expect(colours).toContain(stripe);
  });

  it('draws a figure with the fallback skin for an empty look, and no clothes', () => {
    const { container } = render(<AvatarPreview2D look={{}} size={160} label="Avatar" />);

    const colours = fills(container);
    expect(colours).toContain('#e8b896');
    expect(colours).not.toContain('#1e3a5f');
  });

  it('changes with the look', () => {
    const { container, rerender } = render(<AvatarPreview2D look={LOOK} size={160} label="Avatar" />);
    rerender(
      <AvatarPreview2D
        look={{ ...LOOK, top: { shape: 'tshirt', color: '#2f7d6d' } }}
        size={160}
        label="Avatar"
      />,
    );

    const colours = fills(container);
    expect(colours).toContain('#2f7d6d');
    expect(colours).not.toContain('#1e3a5f');
  });
});

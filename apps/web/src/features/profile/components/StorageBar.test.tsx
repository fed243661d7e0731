// @vitest-environment happy-dom
// The storage bar's text, fill and colour (SPEC.md §9): red above 90 %, amber above 70 %, green otherwise,
// never beyond 100 %.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { StorageBar } from './StorageBar';

afterEach(cleanup);

function renderBar(usedMB: number, storageGB = 1) {
  render(<StorageBar usedMB={usedMB} storageGB={storageGB} />);
  const bar = screen.getByRole('progressbar', { name: 'Storage' });
  return { bar, fill: bar.firstElementChild as HTMLElement };
}

describe('StorageBar', () => {
  it.each([
    [512, 'green', 'bg-success-700', '50%'],
    [716.8, 'green', 'bg-success-700', '70%'],
    [737.28, 'amber', 'bg-amber-500', '72%'],
    [921.6, 'amber', 'bg-amber-500', '90%'],
    [931.84, 'red', 'bg-danger-600', '91%'],
  ])('at %s MB of 1 GB is %s', (usedMB, color, fillClass, width) => {
    const { bar, fill } = renderBar(usedMB);
    expect(fill.dataset.color).toBe(color);
    expect(fill.className).toContain(fillClass);
    expect(Number.parseFloat(fill.style.width)).toBeCloseTo(Number.parseFloat(width), 5);
    expect(bar.getAttribute('aria-valuenow')).toBe(String(Number.parseFloat(width)));
  });

  it('caps the fill at 100 percent when more is used than the plan holds, and says both figures', () => {
    const { bar, fill } = renderBar(2048);
    expect(fill.style.width).toBe('100%');
    expect(fill.dataset.color).toBe('red');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 GB / 1 GB used');
    expect(screen.getByText('2 GB / 1 GB used')).toBeTruthy();
  });

  it("reads 'X GB / Y GB used' against the plan's storage", () => {
    renderBar(1536, 25);
    expect(screen.getByText('1.5 GB / 25 GB used')).toBeTruthy();
  });
});

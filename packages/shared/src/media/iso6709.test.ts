import { describe, expect, it } from 'vitest';
import { parseIso6709 } from './iso6709.js';

describe('parseIso6709', () => {
  it('reads decimal degrees, with or without altitude', () => {
    expect(parseIso6709('+35.6586+139.7454/')).toEqual({ lat: 35.6586, lng: 139.7454, accuracy: null });
    expect(parseIso6709('+48.8584+002.2945+035.000/')).toEqual({ lat: 48.8584, lng: 2.2945, accuracy: null });
    expect(parseIso6709('-33.8688+151.2093/')).toEqual({ lat: -33.8688, lng: 151.2093, accuracy: null });
    expect(parseIso6709('+40.7128-074.0060')).toEqual({ lat: 40.7128, lng: -74.006, accuracy: null });
  });

  it('reads the degrees-minutes and degrees-minutes-seconds forms', () => {
    const dm = parseIso6709('+4852.50+00217.70/');
    expect(dm?.lat).toBeCloseTo(48.875, 9);
    expect(dm?.lng).toBeCloseTo(2.295, 9);
    const dms = parseIso6709('-335130.5+1511236.2CRSWGS_84/');
    expect(dms?.lat).toBeCloseTo(-(33 + 51 / 60 + 30.5 / 3600), 9);
    expect(dms?.lng).toBeCloseTo(151 + 12 / 60 + 36.2 / 3600, 9);
  });

  it('refuses text that is not a location, or one out of range or at zero', () => {
    for (const text of [
      '',
      'Tokyo',
      '+35.6586/',
      '+99.0000+010.0000/',
      '+4875.00+00200.00/',
      '+00.0000+000.0000/',
    ]) {
      expect(parseIso6709(text), text).toBeNull();
    }
  });
});

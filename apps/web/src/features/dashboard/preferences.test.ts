import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, readPreferences, writePreference } from './preferences';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('dashboard preferences', () => {
  it('default to true when nothing is stored', () => {
    expect(readPreferences(memoryStorage())).toEqual({
      showCountryHighlighting: true,
      showTimeline: true,
      showPins: true,
      showGlobe: true,
    });
    expect(readPreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('read each stored boolean under its own key', () => {
    const storage = memoryStorage({ showPins: 'false', showTimeline: 'true', showGlobe: 'false' });
    expect(readPreferences(storage)).toEqual({
      showCountryHighlighting: true,
      showTimeline: true,
      showPins: false,
      showGlobe: false,
    });
  });

  it('ignore stored values that are not booleans', () => {
    expect(readPreferences(memoryStorage({ showPins: 'no', showTimeline: '0' }))).toEqual(
      DEFAULT_PREFERENCES,
    );
  });

  it("take this browser's defaults where nothing is stored, and a stored choice over them", () => {
    const flatByDefault = { ...DEFAULT_PREFERENCES, showGlobe: false };
    expect(readPreferences(memoryStorage(), flatByDefault).showGlobe).toBe(false);
    expect(readPreferences(memoryStorage({ showGlobe: 'true' }), flatByDefault).showGlobe).toBe(true);
  });

  it('survive a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readPreferences(broken)).toEqual(DEFAULT_PREFERENCES);
    expect(() => writePreference('showPins', false, broken)).not.toThrow();
  });

  it('write the text true or false that a later read gives back', () => {
    const storage = memoryStorage();
    writePreference('showCountryHighlighting', false, storage);
    expect(storage.values.get('showCountryHighlighting')).toBe('false');
    expect(readPreferences(storage).showCountryHighlighting).toBe(false);
  });
});

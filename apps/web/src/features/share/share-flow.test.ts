// The Share button's flow without a DOM: the picture and link to the share sheet where it takes files,
// else the picture downloaded and the link copied; a closed sheet says nothing; a missing picture still
// copies the link.
import { describe, expect, it, vi } from 'vitest';
import { downloadPicture, pictureUrl, shareTravelPage, type ShareEffects } from './share-flow';

const PNG = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
const LINK = 'https://waymarks.example/t/abc';

function effects(overrides: Partial<ShareEffects> = {}) {
  return {
    fetchPicture: vi.fn<ShareEffects['fetchPicture']>(() => Promise.resolve(PNG)),
    canShareFiles: vi.fn<ShareEffects['canShareFiles']>(() => true),
    shareFiles: vi.fn<ShareEffects['shareFiles']>(() => Promise.resolve()),
    download: vi.fn<ShareEffects['download']>(),
    copy: vi.fn<ShareEffects['copy']>(() => Promise.resolve(true)),
    ...overrides,
  };
}

describe('shareTravelPage', () => {
  it('hands the picture file and the absolute link to the share sheet where the device shares files', async () => {
    const device = effects();
    expect(await shareTravelPage('/t/abc', LINK, 'My travels', device)).toEqual({ kind: 'shared' });
    expect(device.fetchPicture).toHaveBeenCalledWith('/t/abc/image.png');
    const [data] = vi.mocked(device.shareFiles).mock.calls[0]!;
    expect(data.url).toBe(LINK);
    expect(data.files.map((file) => [file.name, file.type])).toEqual([['my-travels.png', 'image/png']]);
    expect(device.download).not.toHaveBeenCalled();
    expect(device.copy).not.toHaveBeenCalled();
  });

  it('downloads the picture and copies the link where the device cannot share files', async () => {
    const device = effects({ canShareFiles: () => false });
    expect(await shareTravelPage('/t/abc', LINK, 'My travels', device)).toEqual({
      kind: 'fallback',
      downloaded: true,
      copied: true,
    });
    expect(device.download).toHaveBeenCalledWith(PNG, 'my-travels.png');
    expect(device.copy).toHaveBeenCalledWith(LINK);
    expect(device.shareFiles).not.toHaveBeenCalled();
  });

  it('says nothing when the traveller closes the share sheet', async () => {
    const abort = Object.assign(new Error('closed'), { name: 'AbortError' });
    const device = effects({ shareFiles: () => Promise.reject(abort) });
    expect(await shareTravelPage('/t/abc', LINK, 'My travels', device)).toEqual({ kind: 'cancelled' });
    expect(device.download).not.toHaveBeenCalled();
  });

  it('falls back to the download and the copy when the share sheet refuses for another reason', async () => {
    const refused = Object.assign(new Error('no gesture'), { name: 'NotAllowedError' });
    const device = effects({ shareFiles: () => Promise.reject(refused) });
    expect(await shareTravelPage('/t/abc', LINK, 'My travels', device)).toEqual({
      kind: 'fallback',
      downloaded: true,
      copied: true,
    });
  });

  it('still copies the link when the picture cannot be had', async () => {
    const device = effects({ fetchPicture: () => Promise.reject(new Error('404')) });
    expect(await shareTravelPage('/t/abc', LINK, 'My travels', device)).toEqual({
      kind: 'fallback',
      downloaded: false,
      copied: true,
    });
    expect(device.shareFiles).not.toHaveBeenCalled();
  });
});

describe('pictures', () => {
  it('names the card and the story picture of a page', () => {
    expect(pictureUrl('/t/abc')).toBe('/t/abc/image.png');
    expect(pictureUrl('/t/abc', 'story')).toBe('/t/abc/image.png?format=story');
  });

  it('downloads the story picture under its own name', async () => {
    const device = effects();
    await downloadPicture('/t/abc', 'story', device);
    expect(device.fetchPicture).toHaveBeenCalledWith('/t/abc/image.png?format=story');
    expect(device.download).toHaveBeenCalledWith(PNG, 'my-travels-story.png');
  });
});

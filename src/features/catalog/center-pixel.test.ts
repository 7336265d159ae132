import {
  centerPixelColor,
  contrastRatio,
  relativeLuminance,
  rgbFromPixel,
  softBackground,
  whenIdle,
} from './center-pixel';

describe('rgbFromPixel', () => {
  it('reads RGB and ignores transparent pixels', () => {
    expect(rgbFromPixel([10, 20, 30, 255])).toEqual({ r: 10, g: 20, b: 30 });
    expect(rgbFromPixel([10, 20, 30, 0])).toBeNull();
    expect(rgbFromPixel([])).toBeNull();
  });
});

describe('softBackground', () => {
  const inkMuted = { r: 0x5c, g: 0x53, b: 0x4a }; // --color-ink-muted, the lightest text on a card
  const parse = (css: string) => {
    const [r, g, b] = css.match(/\d+/g)!.map(Number) as [number, number, number];
    return { r, g, b };
  };

  it.each([
    [{ r: 0, g: 0, b: 0 }],
    [{ r: 180, g: 20, b: 20 }],
    [{ r: 20, g: 40, b: 160 }],
    [{ r: 0, g: 255, b: 0 }],
    [{ r: 230, g: 225, b: 215 }],
  ])('keeps AA contrast for the muted text on %o', (color) => {
    expect(contrastRatio(parse(softBackground(color)), inkMuted)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a pale colour visible as a tint instead of washing it to white', () => {
    expect(softBackground({ r: 200, g: 230, b: 210 })).toBe('rgb(230 244 235)');
    expect(softBackground({ r: 255, g: 255, b: 255 })).toBe('rgb(255 255 255)');
  });

  it('keeps different colours different', () => {
    expect(softBackground({ r: 220, g: 190, b: 190 })).not.toBe(
      softBackground({ r: 190, g: 190, b: 220 }),
    );
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1);
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(21);
  });
});

describe('centerPixelColor', () => {
  function fakeCanvas(pixel: number[] | Error) {
    const drawImage = vi.fn();
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ({
        drawImage,
        getImageData: () => {
          if (pixel instanceof Error) throw pixel;
          return { data: Uint8ClampedArray.from(pixel) };
        },
      }),
    } as unknown as HTMLCanvasElement;
    return { canvas, drawImage };
  }

  const img = { naturalWidth: 400, naturalHeight: 300 } as HTMLImageElement;

  it('samples the pixel at the centre of the image into a 1x1 canvas', () => {
    const { canvas, drawImage } = fakeCanvas([120, 60, 30, 255]);
    expect(centerPixelColor(img, () => canvas)).toEqual({ r: 120, g: 60, b: 30 });
    expect(drawImage).toHaveBeenCalledWith(img, 200, 150, 1, 1, 0, 0, 1, 1);
    expect(canvas.width).toBe(1);
  });

  it('gives null for a tainted canvas or an image without size', () => {
    expect(centerPixelColor(img, () => fakeCanvas(new Error('SecurityError')).canvas)).toBeNull();
    expect(centerPixelColor({ naturalWidth: 0, naturalHeight: 0 } as HTMLImageElement)).toBeNull();
  });
});

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs one job per idle period, in order, and goes on after a job throws', () => {
    const periods: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => periods.push(run));
    const ran: string[] = [];
    whenIdle(() => ran.push('a'));
    whenIdle(() => {
      ran.push('b');
      throw new Error('broken image');
    });
    whenIdle(() => ran.push('c'));
    expect(ran).toEqual([]);
    expect(periods).toHaveLength(1);
    periods.shift()!();
    expect(ran).toEqual(['a']);
    expect(() => periods.shift()!()).toThrow('broken image');
    expect(ran).toEqual(['a', 'b']);
    periods.shift()!();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(periods).toHaveLength(0);
  });
});

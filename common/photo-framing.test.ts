import { cropAround, focalOfCrop, objectPosition } from './photo-framing';

describe("a photo's framing", () => {
  const kiritsuke = { width: 1200, height: 800 };

  it('shows a 3:2 photo in a square box centred on its focal point, kept inside the photo', () => {
    // The square shows two thirds of the width; centred on x = 0.5 it starts a sixth in.
    expect(objectPosition({ ...kiritsuke, focal_x: 0.5, focal_y: 0.5 }, 1)).toEqual({
      x: 0.5,
      y: 0.5,
    });
    // The tip at the left edge: the crop cannot start before the photo does.
    expect(objectPosition({ ...kiritsuke, focal_x: 0.1, focal_y: 0.5 }, 1).x).toBe(0);
    expect(objectPosition({ ...kiritsuke, focal_x: 0.95, focal_y: 0.5 }, 1).x).toBe(1);
    // Centred on x = 0.5 + 1/6: the crop starts a third in, half of the width that is cut.
    expect(objectPosition({ ...kiritsuke, focal_x: 0.5 + 1 / 6 }, 1).x).toBeCloseTo(1, 5);
  });

  it('moves a tall crop up and down only, and answers the focal point when the size is unknown', () => {
    const tall = { width: 800, height: 1200, focal_x: 0.2, focal_y: 0.2 };
    expect(objectPosition(tall, 3 / 2)).toEqual({ x: 0.2, y: 0 });
    expect(objectPosition({ ...tall, focal_y: 0.25 }, 3 / 2).y).toBeCloseTo(0.05, 5);
    expect(objectPosition({ focal_x: 0.3, focal_y: 0.7 }, 1)).toEqual({ x: 0.3, y: 0.7 });
    expect(objectPosition({ ...kiritsuke, focal_x: Number.NaN })).toEqual({ x: 0.5, y: 0.5 });
  });

  it("turns the crop tool's area into the focal point and back", () => {
    const crop = cropAround({ ...kiritsuke, focal_x: 0.3, focal_y: 0.5 }, 1);
    expect(crop.width).toBeCloseTo(200 / 3, 5);
    expect(crop.height).toBe(100);
    expect(crop.x).toBe(0);
    expect(focalOfCrop({ x: 10, y: 0, width: 50, height: 100 })).toEqual({
      focal_x: 0.35,
      focal_y: 0.5,
    });
  });
});

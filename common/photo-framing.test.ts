import { cropAround, focalOfCrop, objectPosition } from './photo-framing';

describe("a photo's framing", () => {
  const kiritsuke = { width: 1200, height: 800 };

  it('shows a 3:2 photo in a square card as the crop tool framed it, kept inside the photo', () => {
    expect(objectPosition({ ...kiritsuke, focal_x: 0.5, focal_y: 0.5 }, 1)).toEqual({
      x: 0.5,
      y: 0.5,
    });
    // The frame at the left edge (its centre a third in): the card starts where the photo does.
    expect(objectPosition({ ...kiritsuke, focal_x: 1 / 3, focal_y: 0.5 }, 1).x).toBeCloseTo(0, 5);
    expect(objectPosition({ ...kiritsuke, focal_x: 0.1, focal_y: 0.5 }, 1).x).toBe(0);
    expect(objectPosition({ ...kiritsuke, focal_x: 0.95, focal_y: 0.5 }, 1).x).toBe(1);
    // Centred on 0.6: the square starts at 0.6 - 1/3, 80 % of the third that is cut.
    expect(objectPosition({ ...kiritsuke, focal_x: 0.6 }, 1).x).toBeCloseTo(0.8, 5);
  });

  it('moves a crop of a tall photo up and down only; an unknown size answers the point', () => {
    const tall = { width: 800, height: 1200, focal_x: 0.2, focal_y: 0.2 };
    expect(objectPosition(tall, 3 / 2)).toEqual({ x: 0.5, y: 0 });
    expect(objectPosition({ focal_x: 0.3, focal_y: 0.7 }, 1)).toEqual({ x: 0.3, y: 0.7 });
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

import { cropAround, focalOfCrop } from './photo-framing';

describe("a photo's framing", () => {
  const kiritsuke = { width: 1200, height: 800 };

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

import { describe, expect, it } from 'vitest';
import { countTasksNear, indexTaskCells, type TaskCell } from './map-places';

describe('indexTaskCells', () => {
  it('counts the same tasks as a scan of every cell, across bucket edges and the antimeridian', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const cells: TaskCell[] = Array.from({ length: 3000 }, () => ({
      latitude: Math.round((-60 + random() * 130) * 100) / 100,
      longitude: Math.round((-180 + random() * 360) * 100) / 100,
      tasks: 1 + Math.floor(random() * 3),
    }));
    // Dense spots next to bucket edges and on both sides of the antimeridian.
    for (const [latitude, longitude] of [[40.0, -74.0], [39.99, -73.99], [10.5, 179.9], [10.5, -179.9]]) {
      for (let i = 0; i < 20; i++) cells.push({ latitude: latitude + i * 0.01, longitude, tasks: 1 });
    }
    const index = indexTaskCells(cells);
    const points = [[40, -74], [10.5, 179.95], [10.5, -179.95], [0, 0], [65, 20], ...cells.slice(0, 200).map((c) => [c.latitude, c.longitude])];
    for (const [latitude, longitude] of points) {
      expect(index.countNear(latitude, longitude, 25)).toBe(countTasksNear(latitude, longitude, cells, 25));
    }
  });
});

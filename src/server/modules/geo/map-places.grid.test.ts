import { describe, expect, it } from 'vitest';
import { countTasksNear, type TaskCell } from './map-places';
import { indexTaskCells } from './task-cells.index';

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

  it('counts every cell of a dense grid exactly at the edge of the circle, near the antimeridian and a pole', () => {
    // Every 0.01-degree cell of three areas: the circle's edge crosses hundreds of them.
    const cells: TaskCell[] = [];
    for (const [lat0, lng0] of [[40, -74.3], [-16.6, 179.6], [88.6, 10]]) {
      for (let i = 0; i < 80; i++) {
        for (let j = 0; j < 80; j++) {
          const longitude = Math.round((lng0 + j * 0.01) * 100) / 100;
          cells.push({
            latitude: Math.round((lat0 + i * 0.01) * 100) / 100,
            longitude: longitude > 180 ? Math.round((longitude - 360) * 100) / 100 : longitude,
            tasks: 1 + ((i * 7 + j) % 3),
          });
        }
      }
    }
    const index = indexTaskCells(cells);
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const points: number[][] = [[40.4, -73.9], [-16.2, 180], [-16.2, -179.99], [89.5, 10], [90, 0]];
    for (let k = 0; k < 60; k++) points.push([40 + random() * 0.8, -74.3 + random() * 0.8], [-16.6 + random() * 0.8, 179.6 + random() * 0.4]);
    for (const radius of [1, 7.3, 25]) {
      for (const [latitude, longitude] of points) {
        expect(index.countNear(latitude, longitude, radius)).toBe(countTasksNear(latitude, longitude, cells, radius));
      }
    }
  });
});

import { MAP_LOCATIONS } from '@shared/constants';
import { EARTH_RADIUS_MILES, haversineMiles } from '@shared/domain/geo';
import { countTasksNear, type TaskCell } from './map-places';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
/**
 * Cells this close (in degrees of longitude) to the computed edge of a place's circle are checked
 * with haversineMiles one by one: the edge is computed in floating point, the check decides.
 */
const EDGE_DEGREES = 1e-6;

interface Row {
  latitude: number;
  cos: number;
  cells: TaskCell[];
  /** The cells' longitudes, ascending. */
  lngs: Float64Array;
  /** prefix[i] = tasks of cells[0 .. i - 1]. */
  prefix: Float64Array;
}

/** The first index whose value is >= x. */
function lowerBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose value is > x. */
function upperBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Task cells in rows of one latitude, each sorted by longitude with prefix sums of its tasks. A
 * place's count (the tasks within `radiusMiles`, exactly as countTasksNear over every cell) reads
 * each row of its latitude band once: the circle crosses a row in one longitude interval, whose
 * inside is a difference of two prefix sums, and only cells at its two ends are measured. The map
 * of 100,000 experts counts ~1,000 places over tens of thousands of cells; measuring every cell
 * near each place was most of an uncached answer's time (docs/decisions/0103).
 */
export function indexTaskCells(cells: readonly TaskCell[]) {
  // Rows of one latitude, each by longitude: one pass over input already in that order (as
  // readTaskAggregates returns it), a sort first otherwise.
  const inOrder = cells.every(
    (cell, i) =>
      i === 0 ||
      cells[i - 1].latitude < cell.latitude ||
      (cells[i - 1].latitude === cell.latitude && cells[i - 1].longitude <= cell.longitude),
  );
  const ordered = inOrder ? cells : [...cells].sort((a, b) => a.latitude - b.latitude || a.longitude - b.longitude);
  const rows: Row[] = [];
  for (let start = 0; start < ordered.length; ) {
    const latitude = ordered[start].latitude;
    let end = start + 1;
    while (end < ordered.length && ordered[end].latitude === latitude) end++;
    const rowCells = ordered.slice(start, end);
    const prefix = new Float64Array(rowCells.length + 1);
    const lngs = new Float64Array(rowCells.length);
    rowCells.forEach((cell, i) => {
      prefix[i + 1] = prefix[i] + cell.tasks;
      lngs[i] = cell.longitude;
    });
    rows.push({ latitude, cos: Math.cos(toRadians(latitude)), cells: rowCells, lngs, prefix });
    start = end;
  }
  const rowLatitudes = Float64Array.from(rows, (row) => row.latitude);

  return {
    countNear(latitude: number, longitude: number, radiusMiles: number = MAP_LOCATIONS.recentTaskRadiusMiles): number {
      // The same latitude band as countTasksNear: cells outside it are never counted.
      const latBand = radiusMiles / 69 + 0.01;
      const halfAngle = radiusMiles / (2 * EARTH_RADIUS_MILES);
      if (halfAngle >= Math.PI / 2) return countTasksNear(latitude, longitude, cells, radiusMiles);
      // haversine: within the radius when hav(dLat) + cos1 cos2 hav(dLng) <= sin^2(radius / 2R).
      const target = Math.sin(halfAngle) ** 2;
      const cos1 = Math.cos(toRadians(latitude));
      let total = 0;
      const measure = (row: Row, from: number, to: number) => {
        for (let i = from; i < to; i++) {
          if (haversineMiles(latitude, longitude, row.latitude, row.lngs[i]) <= radiusMiles) total += row.cells[i].tasks;
        }
      };
      for (let r = Math.max(0, lowerBound(rowLatitudes, latitude - latBand) - 1); r < rows.length; r++) {
        const row = rows[r];
        if (row.latitude - latitude > latBand) break;
        if (Math.abs(row.latitude - latitude) > latBand) continue;
        const cc = cos1 * row.cos;
        const rest = cc > 1e-12 ? (target - Math.sin(toRadians(row.latitude - latitude) / 2) ** 2) / cc : 1;
        const halfWidth = rest >= 1 ? 180 : rest <= 0 ? 0 : (2 * Math.asin(Math.sqrt(rest)) * 180) / Math.PI;
        if (halfWidth + EDGE_DEGREES >= 180) {
          // Near a pole the circle may take the whole row: measure every cell.
          measure(row, 0, row.cells.length);
          continue;
        }
        // Longitudes repeat every 360 degrees: the interval may reach across the antimeridian.
        for (const centre of [longitude - 360, longitude, longitude + 360]) {
          const lo = centre - halfWidth - EDGE_DEGREES;
          const hi = centre + halfWidth + EDGE_DEGREES;
          if (hi < row.lngs[0] || lo > row.lngs[row.lngs.length - 1]) continue;
          if (halfWidth <= EDGE_DEGREES) {
            measure(row, lowerBound(row.lngs, lo), upperBound(row.lngs, hi));
            continue;
          }
          const innerFrom = lowerBound(row.lngs, centre - halfWidth + EDGE_DEGREES);
          const innerTo = lowerBound(row.lngs, centre + halfWidth - EDGE_DEGREES);
          total += row.prefix[innerTo] - row.prefix[innerFrom];
          measure(row, lowerBound(row.lngs, lo), innerFrom);
          measure(row, innerTo, upperBound(row.lngs, hi));
        }
      }
      return total;
    },
  };
}

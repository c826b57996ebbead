const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const RADIANS = Math.PI / 180;
/** Bounds are shaved by 1 % so that rounding can never skip a point that is actually in range. */
const SAFETY = 0.99;

/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface Query {
  lat: number;
  lng: number;
  cosLat: number;
  row: number;
  col: number;
}

/** No point is nearer than this to one at least `degrees` of latitude away. */
function latitudeBoundKm(degrees: number): number {
  return degrees * KM_PER_DEGREE * SAFETY;
}

/**
 * No point is nearer than this to one whose meridian is at least `degrees` (< 90) away: the
 * angular distance from a point at latitude φ to a meridian's great circle Δλ away is
 * asin(cos φ · sin Δλ). Beyond 90° that circle comes back around, so no bound is claimed.
 */
function longitudeBoundKm(cosLat: number, degrees: number): number {
  if (degrees >= 90) return 0;
  return EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.abs(cosLat) * Math.sin(degrees * RADIANS))) * SAFETY;
}

/**
 * Points bucketed into fixed latitude/longitude cells (compressed: one offset array plus one
 * item array), searched outward ring by ring from the query's cell.
 */
export class SpatialGrid {
  private readonly rows: number;
  private readonly cols: number;
  /** Items of cell c are items[cellStart[c] .. cellStart[c + 1]). */
  private readonly cellStart: Int32Array;
  private readonly items: Int32Array;

  constructor(
    private readonly lat: Float64Array,
    private readonly lng: Float64Array,
    members: readonly number[],
    private readonly cellDegrees = 0.25,
  ) {
    this.rows = Math.ceil(180 / cellDegrees);
    this.cols = Math.ceil(360 / cellDegrees);
    const cellOf = members.map((point) => this.cell(this.row(lat[point]), this.col(lng[point])));
    const counts = new Int32Array(this.rows * this.cols + 1);
    for (const cell of cellOf) counts[cell + 1] += 1;
    for (let c = 1; c < counts.length; c += 1) counts[c] += counts[c - 1];
    this.cellStart = counts;
    const fill = counts.slice(0, -1);
    this.items = new Int32Array(members.length);
    members.forEach((point, i) => {
      this.items[fill[cellOf[i]]++] = point;
    });
  }

  /**
   * Calls `visit(point, distanceKm)` for the points around (lat, lng), ring of cells by ring of
   * cells, skipping any cell, and stopping at the first ring, that lies entirely farther than
   * `radiusKm()`. The radius is asked again for every cell, so the caller can shrink it as closer
   * candidates turn up.
   */
  visitOutward(lat: number, lng: number, radiusKm: () => number, visit: (point: number, km: number) => void): void {
    const query: Query = { lat, lng, cosLat: Math.cos(lat * RADIANS), row: this.row(lat), col: this.col(lng) };
    const visitPoint = (point: number) => visit(point, distanceKm(lat, lng, this.lat[point], this.lng[point]));
    // Enough rings to reach every row and, wrapping around, every column.
    const maxRing = Math.max(this.rows, Math.ceil(this.cols / 2));
    let cellsWalked = 0;
    for (let ring = 0; ring <= maxRing; ring += 1) {
      // A ring's cells are at least ring - 1 whole cells away in latitude or in longitude.
      const gap = Math.max(0, ring - 1) * this.cellDegrees;
      if (Math.min(latitudeBoundKm(gap), longitudeBoundKm(query.cosLat, gap)) > radiusKm()) return;
      // Near a pole longitude stops separating anything and the rings would run on over the
      // whole grid; past as many cells as there are points, checking every point is cheaper.
      // Points already seen are seen again: callers only keep minima, so repeats do no harm.
      if (cellsWalked > this.items.length) {
        this.items.forEach(visitPoint);
        return;
      }
      cellsWalked += this.visitRing(query, ring, radiusKm, visitPoint);
    }
  }

  /** Visits the cells at Chebyshev distance `ring` from the query's cell; returns how many. */
  private visitRing(query: Query, ring: number, radiusKm: () => number, visit: (point: number) => void): number {
    let cells = 0;
    for (let dRow = -ring; dRow <= ring; dRow += 1) {
      const row = query.row + dRow;
      if (row < 0 || row >= this.rows) continue;
      const rowSouth = row * this.cellDegrees - 90;
      const latGap = Math.max(0, rowSouth - query.lat, query.lat - (rowSouth + this.cellDegrees));
      // Inner rows of a ring only contribute their two end cells.
      const step = Math.abs(dRow) === ring || ring === 0 ? 1 : 2 * ring;
      for (let dCol = -ring; dCol <= ring; dCol += step) {
        cells += 1;
        const col = (((query.col + dCol) % this.cols) + this.cols) % this.cols;
        const lngGap = col === query.col ? 0 : this.longitudeGap(query.lng, col);
        const boundKm = Math.max(latitudeBoundKm(latGap), longitudeBoundKm(query.cosLat, lngGap));
        if (boundKm > radiusKm()) continue;
        const cell = this.cell(row, col);
        for (let i = this.cellStart[cell]; i < this.cellStart[cell + 1]; i += 1) visit(this.items[i]);
      }
    }
    return cells;
  }

  /** Degrees of longitude between `lng` and the nearer edge of column `col`, around either way. */
  private longitudeGap(lng: number, col: number): number {
    const west = col * this.cellDegrees - 180;
    const east = west + this.cellDegrees;
    const eastward = (((west - lng) % 360) + 360) % 360;
    const westward = (((lng - east) % 360) + 360) % 360;
    return Math.min(eastward, westward);
  }

  private row(lat: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat + 90) / this.cellDegrees)));
  }

  private col(lng: number): number {
    const col = Math.floor((lng + 180) / this.cellDegrees);
    return ((col % this.cols) + this.cols) % this.cols;
  }

  private cell(row: number, col: number): number {
    return row * this.cols + col;
  }
}

const EARTH_RADIUS_KM = 6371.0088;
/** No two points on Earth are farther apart than this. */
export const HALF_CIRCUMFERENCE_KM = Math.PI * EARTH_RADIUS_KM;
const RADIANS = Math.PI / 180;
const DEGREES = 180 / Math.PI;
/** The box is widened by 1 % so that rounding can never leave out a point that is in range. */
const MARGIN = 1.01;

/** Great-circle distance in kilometres. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Points bucketed into fixed latitude/longitude cells (compressed: one offset array plus one
 * item array). A radius query visits the cells of the smallest latitude/longitude box that holds
 * the whole circle, across the antimeridian and over the poles.
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
   * Calls `visit(point, distanceKm)` for every point within `radiusKm` of (lat, lng), and for some
   * a little farther (the box's corners): callers compare the distance themselves.
   */
  visitWithin(lat: number, lng: number, radiusKm: number, visit: (point: number, km: number) => void): void {
    const angle = Math.min(Math.PI, (radiusKm * MARGIN) / EARTH_RADIUS_KM);
    const angleDegrees = angle * DEGREES;
    // Latitude never differs by more than the distance.
    const south = this.row(Math.max(-90, lat - angleDegrees));
    const north = this.row(Math.min(90, lat + angleDegrees));
    // A circle that reaches a pole spans every longitude. Otherwise the widest longitude offset
    // within it is asin(sin(angle) / cos(lat)).
    const reachesPole = angleDegrees >= 90 - Math.abs(lat);
    const spread = reachesPole
      ? 180
      : Math.asin(Math.min(1, Math.sin(angle) / Math.cos(lat * RADIANS))) * DEGREES;
    const wholeCircle = 2 * spread + this.cellDegrees >= 360;
    const west = wholeCircle ? 0 : this.col(lng - spread);
    const width = wholeCircle ? this.cols : ((this.col(lng + spread) - west + this.cols) % this.cols) + 1;
    for (let row = south; row <= north; row += 1) {
      for (let offset = 0; offset < width; offset += 1) {
        const cell = this.cell(row, (west + offset) % this.cols);
        for (let i = this.cellStart[cell]; i < this.cellStart[cell + 1]; i += 1) {
          const point = this.items[i];
          visit(point, distanceKm(lat, lng, this.lat[point], this.lng[point]));
        }
      }
    }
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

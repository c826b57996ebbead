/** Places the demo experts live in: 40 US cities and 10 abroad. */
export interface SeedCity {
  name: string;
  region: string | null;
  country: string;
  latitude: number;
  longitude: number;
}

const us = (name: string, region: string, latitude: number, longitude: number): SeedCity => ({
  name,
  region,
  country: 'United States',
  latitude,
  longitude,
});

export const SEED_CITIES: SeedCity[] = [
  us('New York', 'New York', 40.7128, -74.006),
  us('Los Angeles', 'California', 34.0522, -118.2437),
  us('Chicago', 'Illinois', 41.8781, -87.6298),
  us('Houston', 'Texas', 29.7604, -95.3698),
  us('Phoenix', 'Arizona', 33.4484, -112.074),
  us('Philadelphia', 'Pennsylvania', 39.9526, -75.1652),
  us('San Antonio', 'Texas', 29.4241, -98.4936),
  us('San Diego', 'California', 32.7157, -117.1611),
  us('Dallas', 'Texas', 32.7767, -96.797),
  us('Austin', 'Texas', 30.2672, -97.7431),
  us('Jacksonville', 'Florida', 30.3322, -81.6557),
  us('San Francisco', 'California', 37.7749, -122.4194),
  us('Columbus', 'Ohio', 39.9612, -82.9988),
  us('Charlotte', 'North Carolina', 35.2271, -80.8431),
  us('Indianapolis', 'Indiana', 39.7684, -86.1581),
  us('Seattle', 'Washington', 47.6062, -122.3321),
  us('Denver', 'Colorado', 39.7392, -104.9903),
  us('Washington', 'District of Columbia', 38.9072, -77.0369),
  us('Boston', 'Massachusetts', 42.3601, -71.0589),
  us('Nashville', 'Tennessee', 36.1627, -86.7816),
  us('Detroit', 'Michigan', 42.3314, -83.0458),
  us('Portland', 'Oregon', 45.5152, -122.6784),
  us('Las Vegas', 'Nevada', 36.1699, -115.1398),
  us('Memphis', 'Tennessee', 35.1495, -90.049),
  us('Louisville', 'Kentucky', 38.2527, -85.7585),
  us('Baltimore', 'Maryland', 39.2904, -76.6122),
  us('Milwaukee', 'Wisconsin', 43.0389, -87.9065),
  us('Albuquerque', 'New Mexico', 35.0844, -106.6504),
  us('Atlanta', 'Georgia', 33.749, -84.388),
  us('Kansas City', 'Missouri', 39.0997, -94.5786),
  us('Miami', 'Florida', 25.7617, -80.1918),
  us('Minneapolis', 'Minnesota', 44.9778, -93.265),
  us('New Orleans', 'Louisiana', 29.9511, -90.0715),
  us('Salt Lake City', 'Utah', 40.7608, -111.891),
  us('Pittsburgh', 'Pennsylvania', 40.4406, -79.9959),
  us('Omaha', 'Nebraska', 41.2565, -95.9345),
  us('Oklahoma City', 'Oklahoma', 35.4676, -97.5164),
  us('Birmingham', 'Alabama', 33.5186, -86.8104),
  us('Boise', 'Idaho', 43.615, -116.2023),
  us('Anchorage', 'Alaska', 61.2181, -149.9003),
  { name: 'London', region: 'England', country: 'United Kingdom', latitude: 51.5074, longitude: -0.1278 },
  { name: 'Paris', region: 'Île-de-France', country: 'France', latitude: 48.8566, longitude: 2.3522 },
  { name: 'Berlin', region: 'Berlin', country: 'Germany', latitude: 52.52, longitude: 13.405 },
  { name: 'Toronto', region: 'Ontario', country: 'Canada', latitude: 43.6532, longitude: -79.3832 },
  { name: 'Sydney', region: 'New South Wales', country: 'Australia', latitude: -33.8688, longitude: 151.2093 },
  { name: 'Tokyo', region: 'Tokyo', country: 'Japan', latitude: 35.6762, longitude: 139.6503 },
  { name: 'Mexico City', region: 'Mexico City', country: 'Mexico', latitude: 19.4326, longitude: -99.1332 },
  { name: 'Madrid', region: 'Community of Madrid', country: 'Spain', latitude: 40.4168, longitude: -3.7038 },
  { name: 'Amsterdam', region: 'North Holland', country: 'Netherlands', latitude: 52.3676, longitude: 4.9041 },
  { name: 'Dublin', region: 'Leinster', country: 'Ireland', latitude: 53.3498, longitude: -6.2603 },
];

export { LocationPicker, type LocationPickerProps } from './location-picker';
export { DEFAULT_LOCATION, type LocationResult } from '@shared/domain/cities';
export { clearLocationSearchCache } from './location-api';

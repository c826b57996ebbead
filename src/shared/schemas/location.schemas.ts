import { z } from 'zod';
import { messages } from '../messages';
import { latitudeField, longitudeField, numberFromText } from './common.schemas';

// The map-locations and geocoding query schemas live in geo.schemas.ts.

const invalid = messages.location.invalidCoordinates;

/** The manual coordinate entry of the location picker: text in, numbers out, else "Invalid coordinates". */
export const manualCoordinatesSchema = z.object({
  latitude: numberFromText(invalid).pipe(latitudeField(invalid)),
  longitude: numberFromText(invalid).pipe(longitudeField(invalid)),
});
export type ManualCoordinatesValues = z.input<typeof manualCoordinatesSchema>;
export type ManualCoordinates = z.output<typeof manualCoordinatesSchema>;

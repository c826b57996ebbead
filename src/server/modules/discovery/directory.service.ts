import { pageOffset } from '@shared/schemas/common.schemas';
import type { DirectoryPageDto, DirectoryQuery } from '@shared/schemas/directory.schemas';
import type { Db } from '../../db/client';
import { earnedBadges } from '../verification/verification-status';
import { searchDirectory } from './directory.repository';

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The client's "Find an expert" directory (issue 23, docs/decisions/0261): public, like the profiles it links to. */
export function createDirectoryService(db: Db) {
  return {
    async search(query: DirectoryQuery): Promise<DirectoryPageDto> {
      const rows = await searchDirectory(db, {
        origin: { latitude: query.latitude, longitude: query.longitude },
        miles: query.radius_miles,
        filters: query,
        sort: query.sort,
        window: { limit: query.pageSize, offset: pageOffset(query) },
      });
      return {
        experts: rows.map((row) => ({
          id: row.id,
          first_name: row.first_name,
          avatar_url: row.avatar_url,
          location: row.location,
          expertise: row.expertise ?? [],
          avg_rating: numberOrNull(row.avg_rating),
          review_count: Number(row.review_count),
          avg_response_time_mins: numberOrNull(row.avg_response_time_mins),
          badges: earnedBadges({
            communityTrusted: row.community_trusted_at !== null,
            backgroundVerified: row.background_verified_at !== null,
          }),
          distance_miles: Math.round(Number(row.miles) * 10) / 10,
          accepts_invitations: row.accepts_invitations !== false,
        })),
        total: rows.length > 0 ? Number(rows[0].total) : 0,
        page: query.page,
        pageSize: query.pageSize,
        radius_miles: query.radius_miles,
      };
    },
  };
}

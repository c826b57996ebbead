import { z } from 'zod';

/** Issue 22: sessions, suspension, deletion. */
export const sessionIdParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });

export const suspendUserSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for the suspension.' })
    .trim()
    .min(3, 'Please give a reason for the suspension.')
    .max(500),
});

export const deleteAccountSchema = z.object({
  password: z.string({ error: 'The password is not correct.' }).min(1, 'The password is not correct.').max(200),
});

export interface AccountSessionDto {
  id: string;
  device: string;
  /** The address, coarsened (IPv4 /24, IPv6 /48): enough to tell places apart, not to locate a home. */
  place: string;
  last_used_at: string;
  created_at: string;
  current: boolean;
}

export interface SuspensionDto {
  suspended: boolean;
  reason: string | null;
  suspended_at: string | null;
}


export interface DataExportDto {
  id: string;
  status: 'pending' | 'ready' | 'failed' | 'expired';
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
  /** Set while the archive can be downloaded (by its owner, signed in). */
  download_url: string | null;
}

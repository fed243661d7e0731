// The Pins contract (SPEC.md §3 Pin and Pin creation payload, §7 Pins): /api/pins.
import { z } from 'zod';
import { PIN_LIMITS, PIN_MESSAGES, isCalendarDate, latestVisitDate } from '../pin-rules.js';

export const PIN_VERIFICATION_STATUSES = ['unverified', 'verified', 'processing'] as const;
export type PinVerificationStatus = (typeof PIN_VERIFICATION_STATUSES)[number];

const visitDate = z
  .string()
  .refine(isCalendarDate, PIN_MESSAGES.visitDateInvalid)
  .refine((value) => value >= PIN_LIMITS.earliestVisitDate, PIN_MESSAGES.visitDateTooEarly)
  .refine((value) => value <= latestVisitDate(), PIN_MESSAGES.visitDateInFuture)
  .nullable()
  .describe('YYYY-MM-DD, a real date from 1900 up to today; null for none');

const title = z
  .string({ error: PIN_MESSAGES.titleRequired })
  .trim()
  .min(1, PIN_MESSAGES.titleRequired)
  .max(PIN_LIMITS.titleMax, PIN_MESSAGES.titleTooLong);

const description = z.string().trim().max(PIN_LIMITS.descriptionMax, PIN_MESSAGES.descriptionTooLong);

const countryCode = z.string().regex(/^[A-Z]{2}$/);

const lat = z
  .number({ error: PIN_MESSAGES.latInvalid })
  .min(-90, PIN_MESSAGES.latInvalid)
  .max(90, PIN_MESSAGES.latInvalid);

const lng = z
  .number({ error: PIN_MESSAGES.lngInvalid })
  .min(-180, PIN_MESSAGES.lngInvalid)
  .max(180, PIN_MESSAGES.lngInvalid);

export const PinCreateRequest = z.strictObject({
  lat,
  lng,
  countryCode: z
    .string()
    .max(10)
    .optional()
    .describe('Ignored when it disagrees with the coordinates: the server reads the country from them'),
  countryName: z.string().max(100).optional().describe('Ignored like countryCode'),
  title,
  description: description.default(''),
  visitDate: visitDate.optional(),
});
export type PinCreateRequest = z.input<typeof PinCreateRequest>;

export const PinUpdateRequest = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    visitDate: visitDate.optional(),
    lat: lat
      .optional()
      .describe('With lng, moves the pin: its country and city are read again from the point'),
    lng: lng.optional().describe('With lat, moves the pin'),
    sharePhotos: z.boolean().optional().describe("Shows the place's photos on the travel page, or not"),
    hiddenFromShare: z.boolean().optional().describe('Leaves the place off the travel page, or not'),
  })
  .refine(
    (body) =>
      body.title !== undefined ||
      body.description !== undefined ||
      body.visitDate !== undefined ||
      body.lat !== undefined ||
      body.lng !== undefined ||
      body.sharePhotos !== undefined ||
      body.hiddenFromShare !== undefined,
    PIN_MESSAGES.updateEmpty,
  )
  .refine((body) => (body.lat === undefined) === (body.lng === undefined), PIN_MESSAGES.moveNeedsBoth);
export type PinUpdateRequest = z.input<typeof PinUpdateRequest>;

export const Pin = z
  .object({
    pinId: z.string(),
    title: z.string(),
    description: z.string(),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    mediaCount: z.number().int().min(0),
    countryCode: countryCode.describe("ISO 3166-1 alpha-2 from the coordinates; 'XX' when unknown (at sea)"),
    countryName: z.string(),
    country: z.string().describe('The same as countryName'),
    visitDate: z.string().nullable().describe('YYYY-MM-DD or null'),
    verificationStatus: z.enum(PIN_VERIFICATION_STATUSES),
    verificationScore: z.number().int().min(0).max(100),
    name: z.string().describe('Place name in dialogs; the same as title'),
  })
  .describe('Pin');
export type Pin = z.infer<typeof Pin>;

export const PinListQuery = z.object({
  timeline: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .describe('true: only pins with a visitDate, oldest visit first'),
});
export type PinListQuery = z.input<typeof PinListQuery>;

export const PinIdParams = z.object({
  id: z.string().describe('pinId; a malformed id answers 404 like a missing one'),
});
export type PinIdParams = z.infer<typeof PinIdParams>;

export const PinListResponse = z.object({ pins: z.array(Pin) });
export type PinListResponse = z.infer<typeof PinListResponse>;

export const PinCreateResponse = z.object({ pinId: z.string(), pin: Pin });
export type PinCreateResponse = z.infer<typeof PinCreateResponse>;

export const PinVerificationResponse = z.object({
  pinId: z.string(),
  verificationStatus: z.enum(PIN_VERIFICATION_STATUSES),
  verificationScore: z.number().int().min(0).max(100),
});
export type PinVerificationResponse = z.infer<typeof PinVerificationResponse>;

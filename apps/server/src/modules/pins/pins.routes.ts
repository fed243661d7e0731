// /api/pins: a signed-in traveller's pins (SPEC.md §7 Pins). Every route needs a session; another user's
// pin, a malformed id and a missing pin all answer 404 NOT_FOUND.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  IDEMPOTENCY_KEY_HEADER,
  IdempotentCreateHeaders,
  PinCreateRequest,
  PinCreateResponse,
  PinIdParams,
  PinListQuery,
  PinListResponse,
  Pin,
  PinUpdateRequest,
  PinVerificationResponse,
} from '@waymarks/shared';
import { z } from 'zod';
import { currentUser } from '../auth/require-auth.js';
import type { PinsService } from './pins.service.js';
import { LARGE_ANSWER } from '../../http/compression.js';

interface PinsRoutesDeps {
  pins: PinsService;
}

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };
const security = [{ bearer: [] }];
const tags = ['pins'];

export async function pinsRoutes(app: FastifyInstance, deps: PinsRoutesDeps): Promise<void> {
  const { pins } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/pins',
    {
      schema: {
        tags,
        security,
        summary:
          'Create a pin; the country is read from the coordinates, the plan limit is enforced; sent again with its Idempotency-Key, it answers the pin the first made',
        headers: IdempotentCreateHeaders,
        body: PinCreateRequest,
        response: { 201: PinCreateResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const requestKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      const pin = await pins.create(currentUser(request), request.body, requestKey);
      return reply.status(201).send({ pinId: pin.pinId, pin });
    },
  );

  api.get(
    '/pins',
    {
      ...LARGE_ANSWER,
      schema: {
        tags,
        security,
        summary:
          'The signed-in user’s pins, newest first; with timeline=true (timelineView plans) only dated pins, oldest visit first',
        querystring: PinListQuery,
        response: { 200: PinListResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => pins.list(currentUser(request), request.query.timeline),
  );

  api.get(
    '/pins/:id',
    {
      schema: { tags, security, summary: 'One pin', params: PinIdParams, response: { 200: Pin, ...errors } },
    },
    async (request) => pins.get(currentUser(request), request.params.id),
  );

  api.put(
    '/pins/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'Rename, re-describe, re-date (visitDate null clears the date) or move a pin (lat and lng together: its country, city and verification follow)',
        params: PinIdParams,
        body: PinUpdateRequest,
        response: { 200: Pin, ...errors },
      },
    },
    async (request) => pins.update(currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/pins/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a pin with its media',
        params: PinIdParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await pins.delete(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/pins/:id/verification',
    {
      schema: {
        tags,
        security,
        summary: 'Verification status and score of a pin',
        params: PinIdParams,
        response: { 200: PinVerificationResponse, ...errors },
      },
    },
    async (request) => pins.verification(currentUser(request), request.params.id),
  );
}

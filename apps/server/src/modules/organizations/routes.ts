import type { FastifyInstance } from 'fastify';
import {
  appointAdminBodySchema,
  createOrganizationBodySchema,
  directoryUserSchema,
  envelope,
  organizationDetailSchema,
  organizationDomainsBodySchema,
  organizationDomainsSchema,
  organizationListQuerySchema,
  organizationSummarySchema,
  paginated,
  removeAdminQuerySchema,
  updateOrganizationBodySchema,
  userDirectoryQuerySchema,
  uuidParamSchema,
} from '@teamup/shared';
import { defineRoute } from '../../lib/route.js';
import { signedInRead } from '../../lib/signed-in-read.js';
import { requireAuth } from '../../plugins/auth.js';
import * as service from './service.js';

const TAGS = ['organizations'];
const SUPERADMIN = ['SUPERADMIN'] as const;
const ADMINS = ['ORG_ADMIN', 'SUPERADMIN'] as const;

const summaryPage = envelope(paginated(organizationSummarySchema));
const detail = envelope(organizationDetailSchema);
/** Only the superadmin list can show deleted organizations. */
const liveListQuery = organizationListQuerySchema.omit({ includeDeleted: true });

/** /organizations/*: superadmin and organization-admin calls (SPEC §7). */
export async function organizationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/organizations',
    config: { access: ADMINS },
    schema: {
      tags: TAGS,
      summary: 'Organizations I may manage: all live ones for a superadmin, my own otherwise',
      querystring: liveListQuery,
      response: { 200: summaryPage },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.listVisibleOrganizations(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/organizations',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary: 'Create an organization (the slug must be unique, deleted ones included)',
      body: createOrganizationBodySchema,
      response: { 201: detail },
    },
    handler: async (request, reply) => {
      const data = await service.createOrganization(app.db, requireAuth(request), request.body);
      return reply
        .status(201)
        .send({ success: true as const, data, message: 'Organization created' });
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/organizations/:id',
    config: { access: ADMINS },
    schema: {
      tags: TAGS,
      summary: "Edit an organization's details (a superadmin, or an admin of it)",
      params: uuidParamSchema,
      body: updateOrganizationBodySchema,
      response: { 200: detail },
    },
    handler: async (request) => ({
      success: true as const,
      data: await service.updateOrganization(
        app.db,
        requireAuth(request),
        request.params.id,
        request.body,
      ),
      message: 'Organization updated',
    }),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/organizations/:id',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary:
        'Delete an organization: a soft delete that keeps its data (restore with ' +
        'POST /organizations/super/{id}/restore); admins left without an organization become STUDENT',
      params: uuidParamSchema,
      response: { 200: detail },
    },
    handler: async (request) => ({
      success: true as const,
      data: await service.deleteOrganization(app.db, requireAuth(request), request.params.id),
      message: 'Organization deleted',
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/organizations/super/:id/restore',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary:
        'Restore a deleted organization (not in SPEC §7; undoes DELETE /organizations/{id}); ' +
        'its admins who are STUDENT become ORG_ADMIN again',
      params: uuidParamSchema,
      response: { 200: detail },
    },
    handler: async (request) => ({
      success: true as const,
      data: await service.restoreOrganization(app.db, requireAuth(request), request.params.id),
      message: 'Organization restored',
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/organizations/super/list',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary: 'Every organization with admin, course and student counts',
      querystring: organizationListQuerySchema,
      response: { 200: summaryPage },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db) => service.listAllOrganizations(db, request.query)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/organizations/super/users/list',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary: 'User directory: search by name or email, filter by role',
      querystring: userDirectoryQuerySchema,
      response: { 200: envelope(paginated(directoryUserSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db) => service.listDirectoryUsers(db, request.query)),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/organizations/super/:id',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary: 'An organization with its admins, also when it is deleted',
      params: uuidParamSchema,
      response: { 200: detail },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db) =>
        service.getOrganizationForSuperadmin(db, request.params.id),
      ),
    }),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/organizations/super/:id/domains',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary: "Set the organization's email domains (the whole list)",
      description:
        "Its LMS platforms vouch for emails inside these domains only (decision 141): such an email may open the account of that address and claim the organization's pending enrollments and staff appointments; any other launch gets a separate LMS-only account. A subdomain is its own entry. 409 DOMAIN_TAKEN when another organization owns one of them.",
      params: uuidParamSchema,
      body: organizationDomainsBodySchema,
      response: { 200: envelope(organizationDomainsSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await service.setDomains(
        app.db,
        requireAuth(request),
        request.params.id,
        request.body.domains,
      ),
      message: 'Email domains saved',
    }),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/organizations/super/:id/admin',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary:
        'Appoint an admin by email; an email that never signed in is ORG_ADMIN from its first sign-in',
      params: uuidParamSchema,
      body: appointAdminBodySchema,
      response: { 201: detail },
    },
    handler: async (request, reply) => {
      const data = await service.appointAdmin(
        app.db,
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ success: true as const, data, message: 'Admin appointed' });
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/organizations/super/:id/admin',
    config: { access: SUPERADMIN },
    schema: {
      tags: TAGS,
      summary: 'Remove an admin; losing their last organization makes an ORG_ADMIN a STUDENT',
      params: uuidParamSchema,
      querystring: removeAdminQuerySchema,
      response: { 200: detail },
    },
    handler: async (request) => ({
      success: true as const,
      data: await service.removeAdmin(
        app.db,
        requireAuth(request),
        request.params.id,
        request.query.userId,
      ),
      message: 'Admin removed',
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/organizations/admin/my',
    config: { access: ADMINS },
    schema: {
      tags: TAGS,
      summary: 'The organizations I was appointed to administer (for a superadmin too)',
      querystring: liveListQuery,
      response: { 200: summaryPage },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.listMyOrganizations(db, caller, request.query),
      ),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/organizations/admin/my/:id',
    config: { access: ADMINS },
    schema: {
      tags: TAGS,
      summary: 'One of my organizations with its admins (any live one for a superadmin)',
      params: uuidParamSchema,
      response: { 200: detail },
    },
    handler: async (request) => ({
      success: true as const,
      data: await signedInRead(request, (db, caller) =>
        service.getOrganizationInScope(db, caller, request.params.id),
      ),
    }),
  });
}

import { z } from 'zod';
import { optionalTime } from './time.js';
import { audienceInput, audienceUser, audienceUsersQuery } from './audience.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool, zId, zIdList } from './fields.js';
import { optionalField, userUploadedFile } from './user-fields.js';

/**
 * Contracts (spec §2 /contractsettings, §7 "Contract templates and pushes"; issue 24). The domain is named
 * `agreements` on both sides so that it does not collide with this package's name.
 */
export const AGREEMENT_KINDS = ['account', 'financing', 'risk', 'other'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];
/**
 * A user's contract: assigned (not shown yet) → pushed (the user sees it) → signed (waits for review, badge 22)
 * → approved | rejected (a rejected contract can be signed again).
 */
export const AGREEMENT_STATUSES = ['assigned', 'pushed', 'signed', 'approved', 'rejected'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
/** Signature images: PNG/JPEG/WebP up to this size. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;

export const agreementTemplate = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  body: z.string(),
  version: z.number().int(),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  /** Users it is assigned to, and how many of them signed (this version or an earlier one). */
  assigned: z.number().int(),
  signed: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type AgreementTemplate = z.infer<typeof agreementTemplate>;

export const templateListQuery = pageQuery.extend({
  name: optionalText(100),
  kind: optionalField(z.enum(AGREEMENT_KINDS)),
  enabled: optionalField(zBool()),
});

const templateFields = {
  name: z.string().trim().min(1).max(100),
  kind: z.enum(AGREEMENT_KINDS),
  /** Rich text; sanitised by the server with an allow-list. */
  body: z.string().trim().min(1).max(200_000),
};
export const templateAddInput = z.object({ ...templateFields, enabled: zBool().default(true), isDefault: zBool().default(false) });
/** `version` is the version the editor loaded: a save over a newer one is refused. */
export const templateUpdateInput = z.object({ id: zId(), ...templateFields, version: zId() });

export const agreementItem = z.object({
  id: z.number(),
  templateId: z.number(),
  templateName: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  userId: z.number(),
  phone: z.string(),
  realName: z.string().nullable(),
  agentName: z.string().nullable(),
  status: z.enum(AGREEMENT_STATUSES),
  /** The template version signed (null before signing). */
  version: z.number().nullable(),
  assignedBy: z.string().nullable(),
  assignedAt: z.string(),
  pushedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signIp: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export type AgreementItem = z.infer<typeof agreementItem>;

export const agreementDetail = agreementItem.extend({
  /** The exact text the user signed (or, before signing, the text they would sign now). */
  body: z.string(),
  /** SHA-256 of `body`, recorded at signing; `hashOk` is false when the stored text no longer matches it. */
  bodyHash: z.string().nullable(),
  hashOk: z.boolean().nullable(),
  signatureUrl: z.string().nullable(),
});
export type AgreementDetail = z.infer<typeof agreementDetail>;

export const agreementListQuery = pageQuery.extend({
  templateId: optionalField(zId()),
  status: optionalField(z.enum(AGREEMENT_STATUSES)),
  userId: optionalField(zId()),
  phone: optionalText(20),
  beginTime: optionalTime('start'),
  endTime: optionalTime('end'),
});

export const assignInput = z.object({
  templateId: zId(),
  audience: audienceInput,
  /** Push at once (the users see it now) instead of leaving the assignments to be pushed later. */
  push: zBool().default(false),
});
export const pushInput = z
  .object({ ids: zIdList().optional(), templateId: zId().optional(), audience: audienceInput.optional() })
  .refine((v) => (v.ids?.length ?? 0) > 0 || (v.templateId != null && v.audience != null), { message: 'required', path: ['ids'] });

export const reviewInput = z
  .object({ id: zId(), status: z.enum(['approved', 'rejected']), reason: optionalText(200) })
  .refine((v) => v.status !== 'rejected' || !!v.reason, { message: 'required', path: ['reason'] });

export const previewInput = z.object({ body: z.string().max(200_000), userId: optionalField(zId()) });

/** The platform user's view. */
export const appAgreement = z.object({
  id: z.number(),
  templateName: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  status: z.enum(AGREEMENT_STATUSES),
  pushedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
});
export const appAgreementDetail = appAgreement.extend({ body: z.string() });

const perm = (action: 'query' | 'get' | 'add' | 'edit' | 'delete' | 'enable') => ({ permission: 'contract' as const, action });
const T = '/admin/contract-template';

export const agreementsApi = {
  templates: endpoint({
    method: 'GET',
    path: `${T}/query/list`,
    access: perm('query'),
    input: templateListQuery,
    data: pageOf(agreementTemplate),
    summary: 'Contract templates',
  }),
  addTemplate: endpoint({
    method: 'POST',
    path: `${T}/add`,
    access: perm('add'),
    input: templateAddInput,
    data: agreementTemplate,
    module: 'agreements',
    summary: 'Add a contract template (JSON)',
  }),
  updateTemplate: endpoint({
    method: 'POST',
    path: `${T}/update`,
    access: perm('edit'),
    input: templateUpdateInput,
    data: agreementTemplate,
    module: 'agreements',
    summary: 'Edit a template (JSON); once signed on, an edit makes a new version and signed contracts keep their text',
  }),
  templateStatus: endpoint({
    method: 'POST',
    path: `${T}/updateTemplateStatus`,
    access: perm('enable'),
    input: z.object({ id: zId(), enabled: zBool() }),
    data: agreementTemplate,
    module: 'agreements',
    summary: 'Enable or disable a template',
  }),
  templateDefault: endpoint({
    method: 'POST',
    path: `${T}/updateTemplateDef`,
    access: perm('edit'),
    input: z.object({ id: zId() }),
    data: agreementTemplate,
    module: 'agreements',
    summary: 'Make a template the default of its kind (one per kind)',
  }),
  deleteTemplate: endpoint({
    method: 'GET',
    path: `${T}/delete`,
    access: perm('delete'),
    input: z.object({ id: zId() }),
    data: z.object({ removedAssignments: z.number().int() }),
    module: 'agreements',
    summary: 'Delete a template; unsigned assignments go with it, signed contracts keep their text',
  }),
  imageUpload: endpoint({
    method: 'POST',
    path: `${T}/imageUpload`,
    access: perm('edit'),
    input: z.object({ file: userUploadedFile }),
    data: z.object({ key: z.string(), url: z.string() }),
    module: 'agreements',
    summary: 'An image for templates (seal, letterhead; multipart `file`): JPEG/PNG/GIF/WebP sniffed, ≤ 5 MB',
  }),
  preview: endpoint({
    method: 'POST',
    path: `${T}/preview`,
    access: perm('query'),
    input: previewInput,
    data: z.object({ body: z.string() }),
    summary: "A template body as a user would read it (JSON): sanitised, variables filled from the user's data or samples",
  }),
  assignments: endpoint({
    method: 'GET',
    path: `${T}/query/userList`,
    access: perm('query'),
    input: agreementListQuery,
    data: pageOf(agreementItem),
    summary: 'Assignments: the users a template reaches, with their state',
  }),
  signed: endpoint({
    method: 'GET',
    path: `${T}/query/sign/list`,
    access: perm('query'),
    input: agreementListQuery,
    data: pageOf(agreementItem),
    summary: 'Signed contracts (review list)',
  }),
  detail: endpoint({
    method: 'GET',
    path: `${T}/query/sign/detail`,
    access: perm('get'),
    input: z.object({ id: zId() }),
    data: agreementDetail,
    summary: 'One contract with the exact text signed and the signature',
  }),
  review: endpoint({
    method: 'POST',
    path: `${T}/updateRecordStatus`,
    access: perm('edit'),
    input: reviewInput,
    data: agreementItem,
    module: 'agreements',
    summary: 'Approve or reject a signed contract (exactly once; the user is told by station message)',
  }),
  assign: endpoint({
    method: 'POST',
    path: '/admin/contractPush/add/user/relation',
    access: perm('add'),
    input: assignInput,
    data: z.object({ added: z.number().int(), existing: z.number().int(), pushed: z.number().int() }),
    module: 'agreements',
    summary: 'Assign a template to users, an agent subtree, a tier or everyone (JSON)',
  }),
  push: endpoint({
    method: 'POST',
    path: '/admin/contractPush/push/user',
    access: perm('add'),
    input: pushInput,
    data: z.object({ pushed: z.number().int() }),
    module: 'agreements',
    summary: 'Push assignments so the users see them (JSON): chosen ids, or a template to an audience',
  }),
  users: endpoint({
    method: 'GET',
    path: '/admin/contractPush/query/users',
    access: perm('query'),
    input: audienceUsersQuery,
    data: pageOf(audienceUser),
    summary: 'Users to assign to (in the caller’s scope)',
  }),
  removeAssignment: endpoint({
    method: 'GET',
    path: '/admin/contractPush/delete',
    access: perm('delete'),
    input: z.object({ id: zId() }),
    data: z.null(),
    module: 'agreements',
    summary: 'Remove an assignment not yet signed',
  }),
  appList: endpoint({
    method: 'POST',
    path: '/app/contract/list.do',
    access: 'signedIn',
    input: pageQuery,
    data: pageOf(appAgreement),
    summary: "The user's contracts",
  }),
  appDetail: endpoint({
    method: 'POST',
    path: '/app/contract/detail.do',
    access: 'signedIn',
    input: z.object({ id: zId() }),
    data: appAgreementDetail,
    summary: 'A contract filled with the user’s data',
  }),
  appSign: endpoint({
    method: 'POST',
    path: '/app/contract/sign.do',
    access: 'signedIn',
    input: z.object({ id: zId(), signature: userUploadedFile }),
    data: appAgreement,
    summary: 'Sign a contract (multipart: id, signature image) → IS_CONTRACT',
  }),
} as const;

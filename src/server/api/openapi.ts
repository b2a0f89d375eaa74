/** The OpenAPI 3.1 document, generated from the same route table the app serves. */
import { z } from 'zod';
import * as dto from '../../content/types.ts';
import { API_HEADERS, API_STATUS, apiPaths } from '../../lib/api-paths.ts';
import { LANGS } from '../../lib/lang.ts';
import type { ApiRoute } from './route.ts';

type Json = Record<string, unknown>;

/** DTOs get their own component, so routes returning the same object share one schema. */
const NAMED: [z.ZodType, string][] = [
  [dto.siteSchema, 'Site'],
  [dto.siteShellSchema, 'SiteShell'],
  [dto.headerConfigSchema, 'HeaderConfig'],
  [dto.footerConfigSchema, 'FooterConfig'],
  [dto.publicationConfigSchema, 'PublicationConfig'],
  [dto.channelSchema, 'Channel'],
  [dto.channelInfoSchema, 'ChannelInfo'],
  [dto.moduleSchema, 'HomeModule'],
  [dto.basicInfoSchema, 'BasicInfo'],
  [dto.toolSchema, 'Tool'],
  [dto.groupEntrySchema, 'GroupEntry'],
  [dto.publicationSchema, 'Publication'],
  [dto.periodSchema, 'Period'],
  [dto.periodYearSchema, 'PeriodYear'],
  [dto.articleSummarySchema, 'ArticleSummary'],
  [dto.articleDetailSchema, 'ArticleDetail'],
  [dto.issueTocSchema, 'IssueToc'],
  [dto.newsItemSchema, 'NewsItem'],
  [dto.newsDetailSchema, 'NewsDetail'],
  [dto.albumSchema, 'Album'],
  [dto.albumDetailSchema, 'AlbumDetail'],
  [dto.editorialTopicSchema, 'EditorialTopic'],
  [dto.expertSchema, 'Expert'],
  [dto.searchConfigEntrySchema, 'SearchConfigEntry'],
  [dto.searchConditionSchema, 'SearchCondition'],
];

const pathKeys = new Map<string, string>(Object.entries(apiPaths).map(([key, path]) => [path, key]));

function operationId(route: ApiRoute): string {
  return (
    pathKeys.get(route.path) ??
    `${route.method}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`
  );
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

function parametersOf(schema: z.ZodType, location: 'query' | 'path'): Json[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !field.safeParse(undefined).success,
    schema: jsonSchema(field, 'output'),
  }));
}

function envelope(data: Json): Json {
  return {
    type: 'object',
    required: ['status', 'message', 'data'],
    properties: {
      status: {
        type: 'integer',
        description:
          '0 success; 400 bad parameter; 401 not logged in; 403 other site; 404 not found; 500 server error; 10001 site expired or disabled',
      },
      message: { type: 'string', description: 'in the language of the request' },
      data,
    },
  };
}

export function openApiDocument(routes: readonly ApiRoute[]): Json {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  for (const [schema, id] of NAMED) {
    registry.add(schema, { id });
    ids.set(schema, id);
  }
  for (const route of routes) {
    if (ids.has(route.response) || route.raw || route.redirect) continue;
    const id = `${operationId(route).replace(/^./, (c) => c.toUpperCase())}Data`;
    registry.add(route.response, { id });
    ids.set(route.response, id);
  }
  const generated = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' });
  const schemas: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(generated.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as Json;
    schemas[id] = rest;
  }

  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const parameters: Json[] = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
    if (route.scope !== 'none' && !route.path.includes(':siteId')) {
      parameters.push({
        name: 'siteId',
        in: 'query',
        required: false,
        description: 'or the siteId header, or the site of the Host',
        schema: { type: 'integer', exclusiveMinimum: 0 },
      });
    }
    if (route.path.includes(':siteId')) {
      parameters.push({ name: 'siteId', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 0 } });
    }
    if (route.scope !== 'none')
      parameters.push({ name: API_HEADERS.siteId, in: 'header', required: false, schema: { type: 'integer' } });
    if (route.scope === 'member')
      parameters.push({
        name: API_HEADERS.token,
        in: 'header',
        required: false,
        description: 'session token (or the token cookie); status 401 without a live one',
        schema: { type: 'string' },
      });
    parameters.push({
      name: API_HEADERS.language,
      in: 'header',
      required: false,
      description: 'language of messages (else lang query, else the language cookie, else zh)',
      schema: { type: 'string', enum: [...LANGS] },
    });
    if (route.conditional)
      parameters.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'an ETag from an earlier answer',
        schema: { type: 'string' },
      });
    if (route.method === 'get')
      parameters.push({
        name: 'timestamps',
        in: 'query',
        required: false,
        description: 'cache buster; ignored',
        schema: { type: 'string' },
      });

    const data: Json =
      route.raw || route.redirect ? { type: 'null' } : { $ref: `#/components/schemas/${ids.get(route.response)}` };
    const content: Json = route.raw
      ? {
          [route.raw]: { schema: { type: 'string', contentMediaType: route.raw } },
          'application/json': { schema: envelope(data) },
        }
      : { 'application/json': { schema: envelope(data) } };
    const operation: Json = {
      operationId: operationId(route),
      tags: [route.tag],
      summary: route.summary,
      parameters,
      responses: {
        '200': {
          description: route.raw
            ? `${route.raw} on success, else an error envelope`
            : route.redirect
              ? 'an error envelope (success is the 302)'
              : `envelope; status ${API_STATUS.ok} with data on success`,
          content,
          ...(route.conditional
            ? { headers: { ETag: { description: 'validator of the body', schema: { type: 'string' } } } }
            : {}),
        },
        ...(route.conditional ? { '304': { description: 'not modified (If-None-Match matched the ETag)' } } : {}),
        ...(route.redirect
          ? {
              '302': {
                description: 'success: the browser is sent on',
                headers: { Location: { description: 'where to', schema: { type: 'string' } } },
              },
            }
          : {}),
      },
    };
    if (route.body) {
      const mediaType = route.form ? 'multipart/form-data' : 'application/json';
      operation['requestBody'] = {
        required: true,
        content: { [mediaType]: { schema: jsonSchema(route.body, 'input') } },
      };
    }
    paths[path] = { ...paths[path], [route.method]: operation };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'rc-pub compatible API',
      version: '1.0.0',
      description:
        'Every JSON response is the envelope {status, message, data}; status 0 is success. Handled failures keep HTTP 200 as rc-pub does; unknown paths answer HTTP 404 and unexpected errors HTTP 500, both with an envelope.',
    },
    paths,
    components: { schemas },
  };
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { nullableSerializerFactory, nullablesAsTypes } from '../../src/api/nullable-serializer.js';

const Invoice = Type.Object({
  pago_em: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'paid at' }),
  nfse: Type.Union([Type.Object({ numero: Type.String() }), Type.Null()]),
  curso: Type.Union([Type.Ref('Curso'), Type.Null()]),
  status: Type.Union([Type.Literal('open'), Type.Literal('paid')]),
});

describe('nullable fields for the response serialiser', () => {
  it('writes anyOf [X, null] as X with a type array, at any depth, and leaves other unions as they are', () => {
    const written = nullablesAsTypes(Type.Array(Invoice)) as { items: { properties: Record<string, Record<string, unknown>> } };
    const { pago_em, nfse, curso, status } = written.items.properties;
    assert.deepEqual(pago_em, { type: ['string', 'null'], format: 'date-time', description: 'paid at' });
    assert.deepEqual(nfse!.type, ['object', 'null']);
    assert.ok(Array.isArray(curso!.anyOf), 'a reference has no type to widen');
    assert.ok(Array.isArray(status!.anyOf));
  });

  it('serialises what the schema as written would, nulls and values alike', () => {
    const serialize = nullableSerializerFactory()({ Curso: { $id: 'Curso', type: 'object', properties: { id: { type: 'integer' } } } })({
      method: 'GET',
      url: '/',
      httpStatus: '200',
      schema: Invoice,
    });
    const paid = { pago_em: '2026-12-03T00:00:00-03:00', nfse: { numero: '7' }, curso: { id: 3 }, status: 'paid' };
    const open = { pago_em: null, nfse: null, curso: null, status: 'open' };
    assert.equal(serialize(paid), JSON.stringify(paid));
    assert.equal(serialize(open), JSON.stringify(open));
  });
});

// Guards the Kubernetes manifests (deploy/kubernetes/shop.yaml, docs/kubernetes.md): every object
// is valid against the Kubernetes API's own schema, and the topology holds what ops rely on: two
// or more replicas of each server, readiness on the health route that turns 503 while a pod
// drains, a stop grace period longer than the drain, CPU requests for the autoscalers, and every
// Service, autoscaler and disruption budget aimed at a Deployment that exists.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './lib/stack.ts';

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Service': Service,
};

type Doc = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; data?: Record<string, string> };
const docs = parseAllDocuments(readFileSync(path.join(ROOT, 'deploy/kubernetes/shop.yaml'), 'utf8')).map((d) => d.toJS() as Doc);
const ofKind = (kind: string) => docs.filter((d) => d.kind === kind);
const deployments = ofKind('Deployment');
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);

describe('deploy/kubernetes/shop.yaml', () => {
  it("is valid against the Kubernetes API's schema, object by object", () => {
    expect(docs.length).toBeGreaterThan(5);
    for (const doc of docs) {
      const Model = MODELS[`${doc.apiVersion} ${doc.kind}`];
      expect(Model, `${doc.apiVersion} ${doc.kind} has no schema here`).toBeDefined();
      expect(() => new (Model as NonNullable<typeof Model>)(doc as never).validate(), `${doc.kind} ${doc.metadata.name}`).not.toThrow();
    }
    // and the schema does refuse a broken object: a Deployment without its selector
    const broken = structuredClone(deployments[0]) as Doc;
    delete broken.spec.selector;
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it('runs the API, the release service and the host with two replicas or more, ready only on their health route', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(['api', 'host', 'release']);
    for (const d of deployments) {
      const [container] = d.spec.template.spec.containers;
      expect(d.spec.replicas, d.metadata.name).toBeGreaterThanOrEqual(2);
      expect(['/healthz', '/api/health'], d.metadata.name).toContain(container.readinessProbe.httpGet.path);
      expect(container.resources.requests.cpu, d.metadata.name).toBeTruthy();
    }
  });

  it('lets a stopping pod drain before it is killed', () => {
    const config = ofKind('ConfigMap').find((c) => c.metadata.name === 'shop-config');
    const drainMs = Number(config?.data?.SHUTDOWN_DRAIN_MS);
    expect(drainMs).toBeGreaterThan(0);
    for (const d of deployments) {
      const spec = d.spec.template.spec;
      // the readiness check notices within the drain, and the grace period covers the drain plus requests in progress
      expect(spec.containers[0].readinessProbe.periodSeconds * 1000, d.metadata.name).toBeLessThan(drainMs);
      expect(spec.terminationGracePeriodSeconds * 1000, d.metadata.name).toBeGreaterThan(drainMs + 20_000);
      expect(spec.containers[0].envFrom.map((e: { configMapRef?: { name: string } }) => e.configMapRef?.name)).toContain('shop-config');
    }
  });

  it('aims every Service, autoscaler and disruption budget at a Deployment that exists', () => {
    for (const s of ofKind('Service')) expect(deployments.some((d) => matches(s.spec.selector, d.spec.template.metadata.labels)), s.metadata.name).toBe(true);
    for (const p of ofKind('PodDisruptionBudget')) expect(deployments.some((d) => matches(p.spec.selector.matchLabels, d.spec.template.metadata.labels)), p.metadata.name).toBe(true);
    const scaled = ofKind('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
    expect(scaled.sort()).toEqual(['api', 'host']);
    for (const name of scaled) expect(deployments.some((d) => d.metadata.name === name)).toBe(true);
  });
});

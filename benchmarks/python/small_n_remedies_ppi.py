"""Screening of small-sample remedies for the PPI++ interval (issue #13), before the
chosen one went into the Swift library and the simulation (docs/ESTIMATION.md,
"Small samples").

For every cell of the simulation's design (binary and 1–4 scales; judges of
quadratic kappa 0.30, 0.60, 0.85 built as in benchmarks/CorrectionSimulation;
N = 5,000 rows; n = 50, 200, 800 labelled) and every estimand (mean, pass rate,
each level's share), it computes the PPI++ estimate as ppi-python does and the
coverage of the population value, and the median width, of six intervals:
- plain: normal quantile, plug-in variances with divisor n (ppi-python);
- t: Student t with n − 1 df, divisor n − 1;
- floor1+t: as t, with the rectifier variance at least h²/(n + 2);
- pseudo2: two pseudo-rectifiers at r̄ ± h added (divisor n + 2), normal;
- pseudo2+t: the same with a t quantile;
- pseudo2ddof+t: the two pseudo-rectifiers with divisor n + 1 and a t quantile
  (the library's WeightedMeanVariance.smallSample).
h = 1, the step of the scale. "nodis" is the share of replications whose
labelled rows hold no judge–expert disagreement for the estimand.

Usage: /work/venvs/estimate/bin/python benchmarks/python/small_n_remedies_ppi.py [replications=1000]
(numpy 2.4.6, scipy 1.17.1; seed 7; about 3 minutes of CPU).
"""
import numpy as np, sys
from scipy.stats import norm, t as tdist

from judge_level_interval_check import agreement

DES = {"binary": (np.array([0.4,0.6]), np.array([0.15,0.85]), np.array([0.,1.]), 1.0),
       "1-4": (np.array([0.15,0.30,0.35,0.20]), np.array([0.05,0.20,0.45,0.30]), np.array([1.,2,3,4]), 3.0)}
def ppi(y,yh,yu,h,n):
    # y,yh: (R,n); yu: (R,N)
    N=yu.shape[1]
    th1=yu.mean(1)+(y-yh).mean(1)
    g=y-th1[:,None]; gh=yh-th1[:,None]; gu=yu-th1[:,None]
    pooled=np.var(np.concatenate([gh,gu],1),axis=1,ddof=1)
    cov=((g-g.mean(1,keepdims=True))*(gh-gh.mean(1,keepdims=True))).mean(1)
    with np.errstate(invalid='ignore',divide='ignore'):
        lam=np.where(pooled>0, np.clip(cov/((1+n/N)*pooled),0,1),0)
    r=y-lam[:,None]*yh
    est=lam*yu.mean(1)+r.mean(1)
    vimp=lam**2*np.var(yu,axis=1)/N
    v0=np.var(r,axis=1); v1=np.var(r,axis=1,ddof=1)
    z=norm.ppf(.975); t=tdist.ppf(.975,n-1)
    out={}
    out["plain"]=z*np.sqrt(vimp+v0/n)
    out["t"]=t*np.sqrt(vimp+v1/n)
    out["floor1+t"]=t*np.sqrt(vimp+np.maximum(v1,h*h/(n+2))/n)
    vp=(n*v0+2*h*h)/(n+2)
    out["pseudo2"]=z*np.sqrt(vimp+vp/n)
    out["pseudo2+t"]=t*np.sqrt(vimp+vp/n)
    vpd=((n-1)*v1+2*h*h)/(n+1)
    out["pseudo2ddof+t"]=t*np.sqrt(vimp+vpd/n)
    nodis=((y!=yh).sum(1)==0)
    return est,out,nodis
R=int(sys.argv[1]) if len(sys.argv)>1 else 1000
rng=np.random.default_rng(7); rows=5000
for name,(p,b,vals,pl) in DES.items():
  for tg in (0.3,0.6,0.85):
    a=agreement(p,b,tg); k=len(p)
    ex=rng.choice(k,size=(R,rows),p=p)
    ju=np.where(rng.random((R,rows))<a,ex,rng.choice(k,size=(R,rows),p=b))
    for n in (50,200,800):
      tasks=[("mean",vals[ex],vals[ju],float(p@vals),1.0),("pass",(vals[ex]>=pl)*1.,(vals[ju]>=pl)*1.,float(p[vals>=pl].sum()),1.0)]
      if k>2:
        for l in range(k): tasks.append((f"lvl{l+1}",(ex==l)*1.,(ju==l)*1.,p[l],1.0))
      for tn,Y,J,truth,h in tasks:
        est,hw,nd=ppi(Y[:,:n],J[:,:n],J[:,n:],h,n)
        s=f"{name:6} k{tg:.2f} n{n:4} {tn:5} "
        s+=" ".join(f"{m}={np.mean(np.abs(est-truth)<=w)*100:5.1f}/{np.median(2*w):.3f}" for m,w in hw.items())
        s+=f" bias={np.mean(est-truth):+.4f} nodis={nd.mean()*100:.0f}%"
        print(s,flush=True)

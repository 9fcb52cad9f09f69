"""Screening of interval schemes for the matrix-corrected level distribution at
n = 50 (issue #13), before the chosen one went into the Swift library
(docs/ESTIMATION.md, "Small samples").

The simulation's 1–4 design (experts (0.15, 0.30, 0.35, 0.20), lenient noise
(0.05, 0.20, 0.45, 0.30), quadratic kappa 0.85, 0.60, 0.30; N = 5,000 rows; n
labelled). For each replication the corrected shares (plain inverse of the
estimated misclassification matrix, clipped and renormalised, a close stand-in
for the library's simplex least squares when the judge is good) and five
percentile intervals from B replicates:
- boot: the two-sample percentile bootstrap (the library before);
- smooth1/k, smooth1/2: the same with 1/k or 1/2 added to every cell of each
  resample's confusion counts (a smoothed bootstrap);
- dir1/k, dir1/2: posterior draws, each row of M from Dirichlet(counts + α) and
  the judge's shares from Dirichlet(unlabelled counts + α), α = 1/k (Perks'
  prior; RunLevelDistribution.MatrixCorrectionInterval.dirichletPosterior) or 1/2 (Jeffreys').
It prints coverage of the population shares, median widths and bias per level,
and how often the smallest expert level has fewer than 3, 5 or 8 labelled rows.

Usage: /work/venvs/estimate/bin/python benchmarks/python/small_n_remedies_matrix.py 400 400 50 0.85,0.6,0.3
(replications, replicates B, n, kappas; numpy 2.4.6; seed 11).
"""
import numpy as np, sys
from ppi_small_n_check import EXPERT, NOISE, agreement_for
p=EXPERT; b=NOISE; k=len(p)
agree = agreement_for  # the bisection of ppi_small_n_check.py, on the same 1–4 design
def solve(M,q):  # M (...,k,k) rows expert; q (...,k); plain inverse, then clip & renormalise (approx simplex LS)
    x=(np.linalg.pinv(np.swapaxes(M,-1,-2))@q[...,None])[...,0]
    x=np.clip(x,0,None); return x/x.sum(-1,keepdims=True)
R=int(sys.argv[1]); B=int(sys.argv[2]); n=int(sys.argv[3]); tgs=[float(x) for x in sys.argv[4].split(",")]
rng=np.random.default_rng(11); rows=5000
for tg in tgs:
    a=agree(tg)
    res={m:[] for m in ("boot","smooth1/k","smooth1/2","dir1/k","dir1/2")}; mins=[]; okrep=[]
    for r in range(R):
        ex=rng.choice(k,size=rows,p=p); ju=np.where(rng.random(rows)<a,ex,rng.choice(k,size=rows,p=b))
        e,j,u=ex[:n],ju[:n],ju[n:]
        C=np.zeros((k,k)); np.add.at(C,(e,j),1)
        mins.append(C.sum(1).min())
        if (C.sum(1)==0).any(): continue
        qc=np.bincount(u,minlength=k).astype(float); q=qc/qc.sum()
        try: pt=solve(C/C.sum(1,keepdims=True),q)
        except np.linalg.LinAlgError: continue
        idx=rng.integers(0,n,(B,n))
        Cb=np.zeros((B,k,k)); np.add.at(Cb,(np.repeat(np.arange(B),n),e[idx].ravel(),j[idx].ravel()),1)
        qb=rng.multinomial(len(u),q,size=B)/len(u)
        out={}
        for m,al in (("boot",0),("smooth1/k",1/k),("smooth1/2",0.5)):
            Cs=Cb+al; rs=Cs.sum(2,keepdims=True); good=(rs[:,:,0]>0).all(1)
            with np.errstate(all='ignore'):
                X=solve(np.where(rs>0,Cs/np.where(rs>0,rs,1),0)[good],qb[good])
            out[m]=X
        for m,al in (("dir1/k",1/k),("dir1/2",0.5)):
            G=rng.gamma(C[None]+al,size=(B,k,k)); Md=G/G.sum(2,keepdims=True)
            gq=rng.gamma(qc+al,size=(B,k)); qd=gq/gq.sum(1,keepdims=True)
            out[m]=solve(Md,qd)
        for m,X in out.items():
            X=X[np.isfinite(X).all(1)]
            lo,hi=np.quantile(X,[.025,.975],axis=0); res[m].append((pt,lo,hi))
    mins=np.array(mins)
    for m,L in res.items():
        cov=np.mean([[lo[l]<=p[l]<=hi[l] for l in range(k)] for pt,lo,hi in L],axis=0)
        wid=np.median([hi-lo for pt,lo,hi in L],axis=0)
        bias=np.mean([pt-p for pt,lo,hi in L],axis=0)
        print(f"k{tg} n{n} {m:9} cov/level "+" ".join(f"{c*100:5.1f}" for c in cov)+"  width "+" ".join(f"{w:.3f}" for w in wid)+"  bias "+" ".join(f"{x:+.3f}" for x in bias),flush=True)
    for mm in (3,5,8):
        print(f"k{tg} n{n} min expert-level count < {mm}: {np.mean(mins<mm)*100:.1f}%")

//! A small policy-value network (AlphaZero's two heads on a multi-layer perceptron):
//! a position's planes in, a logit per move slot and a value in [-1, 1] for the side to
//! move out; its weights as safetensors with a manifest (the game, the shape, the data
//! and seed it was trained from, the commit, the command) in the file's metadata, as
//! one entry `treelab` holding a RON map (so that the same network is the same file).
//!
//! The tensors are named as PyTorch names an `nn.Linear`'s (`hidden.0.weight` of shape
//! `[out, in]`, `hidden.0.bias`, ..., `policy.weight`, `value.weight`), so a network
//! trained in PyTorch and saved with `safetensors.torch.save_file` loads here when its
//! shape matches.

use std::collections::HashMap;
use std::path::Path;

use candle_core::{Device, Tensor, Var};
use candle_nn::{Linear, Module};

use crate::game::SeededRng;

/// The largest network file read (the shipped ones are a few hundred KiB).
const MAX_FILE_BYTES: u64 = 512 << 20;

/// The metadata entry that holds a network's manifest (with its shape).
const MANIFEST_KEY: &str = "treelab";

/// The layers of a network: inputs, hidden widths, move slots (the value head has one
/// output).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetShape {
    /// Numbers read per position (the game's `NET_INPUTS`).
    pub inputs: usize,
    /// Widths of the hidden layers, each followed by a ReLU.
    pub hidden: Vec<usize>,
    /// Logits of the policy head (the game's `MOVE_SLOTS`).
    pub moves: usize,
}

impl NetShape {
    /// The shape as text: `84-128-128-7` (inputs, hidden widths, moves).
    #[must_use]
    pub fn text(&self) -> String {
        let mut parts = vec![self.inputs];
        parts.extend(&self.hidden);
        parts.push(self.moves);
        parts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Reads [`NetShape::text`]'s form.
    ///
    /// # Errors
    /// A part that is not a whole number above 0, or fewer than two parts.
    pub fn parse(text: &str) -> Result<NetShape, String> {
        let parts: Vec<usize> = text
            .split('-')
            .map(|p| match p.trim().parse::<usize>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!(
                    "shape '{text}': '{p}' is not a layer width (a whole number above 0)"
                )),
            })
            .collect::<Result<_, _>>()?;
        match parts.as_slice() {
            [inputs, hidden @ .., moves] if parts.len() >= 2 => Ok(NetShape {
                inputs: *inputs,
                hidden: hidden.to_vec(),
                moves: *moves,
            }),
            _ => Err(format!("shape '{text}': give inputs-hidden...-moves")),
        }
    }

    /// The tensors of a network of this shape: name and `[out, in]` (or `[out]`).
    fn tensors(&self) -> Vec<(String, Vec<usize>)> {
        let mut out = Vec::new();
        let mut width = self.inputs;
        for (i, &h) in self.hidden.iter().enumerate() {
            out.push((format!("hidden.{i}.weight"), vec![h, width]));
            out.push((format!("hidden.{i}.bias"), vec![h]));
            width = h;
        }
        out.push(("policy.weight".into(), vec![self.moves, width]));
        out.push(("policy.bias".into(), vec![self.moves]));
        out.push(("value.weight".into(), vec![1, width]));
        out.push(("value.bias".into(), vec![1]));
        out
    }
}

/// What a network was made from, kept in its file's metadata.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Manifest {
    /// Every entry: `game`, `shape`, `data`, `seed`, `commit`, `command`, accuracies...
    pub entries: std::collections::BTreeMap<String, String>,
}

impl Manifest {
    /// The entry `key`, when there is one.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries.get(key).map(String::as_str)
    }

    /// Sets entry `key`.
    pub fn set(&mut self, key: &str, value: impl Into<String>) {
        self.entries.insert(key.to_string(), value.into());
    }
}

/// A policy-value network (see the module doc).
pub struct PolicyValueNet {
    shape: NetShape,
    /// The weights, in [`NetShape::tensors`]' order.
    vars: Vec<(String, Var)>,
    /// What it was made from.
    pub manifest: Manifest,
}

impl std::fmt::Debug for PolicyValueNet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PolicyValueNet")
            .field("shape", &self.shape.text())
            .field("manifest", &self.manifest)
            .finish_non_exhaustive()
    }
}

/// A candle error as text.
pub(crate) fn text(e: &candle_core::Error) -> String {
    format!("network: {e}")
}

impl PolicyValueNet {
    /// A network of `shape` with seeded weights (He's uniform initialisation, biases
    /// zero): the same seed, the same weights on any machine.
    ///
    /// # Errors
    /// Only if a tensor cannot be made (out of memory).
    pub fn new(shape: &NetShape, seed: u64) -> Result<PolicyValueNet, String> {
        let mut rng = SeededRng::new(seed);
        let mut vars = Vec::new();
        for (name, dims) in shape.tensors() {
            let n: usize = dims.iter().product();
            let values: Vec<f32> = if dims.len() == 2 {
                let bound = (6.0 / dims[1] as f64).sqrt();
                (0..n)
                    .map(|_| {
                        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                        ((2.0 * u - 1.0) * bound) as f32
                    })
                    .collect()
            } else {
                vec![0.0; n]
            };
            let t = Tensor::from_vec(values, dims, &Device::Cpu).map_err(|e| text(&e))?;
            vars.push((name, Var::from_tensor(&t).map_err(|e| text(&e))?));
        }
        Ok(PolicyValueNet {
            shape: shape.clone(),
            vars,
            manifest: Manifest::default(),
        })
    }

    /// The network's shape.
    #[must_use]
    pub fn shape(&self) -> &NetShape {
        &self.shape
    }

    /// The weights, for an optimiser.
    pub(crate) fn vars(&self) -> Vec<Var> {
        self.vars.iter().map(|(_, v)| v.clone()).collect()
    }

    /// The weight tensor `name`.
    fn var(&self, name: &str) -> &Tensor {
        let (_, v) = self
            .vars
            .iter()
            .find(|(n, _)| n == name)
            .expect("every tensor of the shape is made or loaded");
        v.as_tensor()
    }

    /// The tensor `name`'s numbers, row after row.
    pub(crate) fn values(&self, name: &str) -> Result<Vec<f32>, String> {
        self.var(name)
            .flatten_all()
            .and_then(|t| t.to_vec1())
            .map_err(|e| text(&e))
    }

    /// The layer whose tensors are `prefix.weight` and `prefix.bias`.
    fn layer(&self, prefix: &str) -> Linear {
        Linear::new(
            self.var(&format!("{prefix}.weight")).clone(),
            Some(self.var(&format!("{prefix}.bias")).clone()),
        )
    }

    /// The two heads for a batch `x` of `[batch, inputs]`: the policy's logits
    /// `[batch, moves]` and the values `[batch]` (tanh, in [-1, 1]).
    ///
    /// # Errors
    /// A batch of the wrong width.
    pub fn forward(&self, x: &Tensor) -> candle_core::Result<(Tensor, Tensor)> {
        let mut h = x.clone();
        for i in 0..self.shape.hidden.len() {
            h = self.layer(&format!("hidden.{i}")).forward(&h)?.relu()?;
        }
        let policy = self.layer("policy").forward(&h)?;
        let value = self.layer("value").forward(&h)?.tanh()?.squeeze(1)?;
        Ok((policy, value))
    }

    /// The network on `count` positions whose inputs stand one after another in
    /// `inputs`: each position's logits (`moves` of them) and its value.
    ///
    /// # Errors
    /// `inputs` not `count` times the network's inputs long.
    pub fn evaluate(&self, inputs: &[f32], count: usize) -> Result<Vec<(Vec<f32>, f32)>, String> {
        if inputs.len() != count * self.shape.inputs {
            return Err(format!(
                "network {}: {} numbers for {count} positions of {} inputs",
                self.shape.text(),
                inputs.len(),
                self.shape.inputs
            ));
        }
        let x = Tensor::from_slice(inputs, (count, self.shape.inputs), &Device::Cpu)
            .map_err(|e| text(&e))?;
        let (policy, value) = self.forward(&x).map_err(|e| text(&e))?;
        let policy: Vec<Vec<f32>> = policy.to_vec2().map_err(|e| text(&e))?;
        let value: Vec<f32> = value.to_vec1().map_err(|e| text(&e))?;
        Ok(policy.into_iter().zip(value).collect())
    }

    /// The file's bytes: the weights as 32-bit floats, the manifest (and the shape) in
    /// the metadata.
    ///
    /// # Errors
    /// A tensor that cannot be read back (never, for a network made here).
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        let mut data: Vec<(String, Vec<usize>, Vec<u8>)> = Vec::new();
        for (name, v) in &self.vars {
            let t = v.as_tensor();
            let values: Vec<f32> = t
                .flatten_all()
                .and_then(|f| f.to_vec1())
                .map_err(|e| text(&e))?;
            let bytes = values.iter().flat_map(|x| x.to_le_bytes()).collect();
            data.push((name.clone(), t.dims().to_vec(), bytes));
        }
        let views = data
            .iter()
            .map(|(n, dims, bytes)| {
                safetensors::tensor::TensorView::new(safetensors::Dtype::F32, dims.clone(), bytes)
                    .map(|v| (n.clone(), v))
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("network file: {e}"))?;
        // One metadata entry (a map's order would change from run to run): the
        // manifest with the shape, as RON.
        let mut entries = self.manifest.entries.clone();
        entries.insert("shape".into(), self.shape.text());
        let text = ron::to_string(&entries).map_err(|e| format!("network manifest: {e}"))?;
        let meta = HashMap::from([(MANIFEST_KEY.to_string(), text)]);
        safetensors::serialize(views, Some(meta)).map_err(|e| format!("network file: {e}"))
    }

    /// Writes the network to `path` (atomically: a crash leaves the old file whole).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let bytes = self.to_bytes()?;
        crate::platform::files::write_atomic(path, &bytes)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a network from a file's bytes; `name` says which file in errors.
    ///
    /// # Errors
    /// Not a safetensors file, a tensor missing or of another shape or type than the
    /// network's (the shape from the metadata, else from the tensors' own shapes).
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<PolicyValueNet, String> {
        let fail = |why: String| format!("{name}: {why}");
        let (_, meta) = safetensors::SafeTensors::read_metadata(bytes)
            .map_err(|e| fail(format!("not a safetensors file ({e})")))?;
        let file = safetensors::SafeTensors::deserialize(bytes)
            .map_err(|e| fail(format!("not a safetensors file ({e})")))?;
        let mut manifest = Manifest::default();
        for (k, v) in meta.metadata().clone().unwrap_or_default() {
            if k == MANIFEST_KEY {
                manifest.entries = ron::from_str(&v)
                    .map_err(|e| fail(format!("its manifest is not a map of text ({e})")))?;
            } else {
                // A file written elsewhere: its metadata as it is.
                manifest.set(&k, v);
            }
        }
        let shape = match manifest.get("shape") {
            Some(s) => NetShape::parse(s).map_err(fail)?,
            None => shape_of_tensors(&file).map_err(fail)?,
        };
        let mut vars = Vec::new();
        for (tensor, dims) in shape.tensors() {
            let view = file.tensor(&tensor).map_err(|_| {
                fail(format!(
                    "no tensor '{tensor}' (a network of shape {} has one)",
                    shape.text()
                ))
            })?;
            if view.dtype() != safetensors::Dtype::F32 || view.shape() != dims.as_slice() {
                return Err(fail(format!(
                    "tensor '{tensor}' is {:?} {:?}; a network of shape {} wants F32 {dims:?}",
                    view.dtype(),
                    view.shape(),
                    shape.text()
                )));
            }
            let values: Vec<f32> = view
                .data()
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            let t = Tensor::from_vec(values, dims, &Device::Cpu).map_err(|e| fail(text(&e)))?;
            vars.push((tensor, Var::from_tensor(&t).map_err(|e| fail(text(&e)))?));
        }
        manifest.entries.remove("shape");
        Ok(PolicyValueNet {
            shape,
            vars,
            manifest,
        })
    }

    /// Reads a network from `path`.
    ///
    /// # Errors
    /// As [`PolicyValueNet::from_bytes`], or the file cannot be read.
    pub fn load(path: &Path) -> Result<PolicyValueNet, String> {
        let bytes = crate::fileread::read_capped(path, MAX_FILE_BYTES, "a network")
            .map_err(|e| format!("{}: {e}", path.display()))?;
        PolicyValueNet::from_bytes(&bytes, &path.display().to_string())
    }

    /// Whether the network reads positions of `inputs` numbers with `moves` slots.
    ///
    /// # Errors
    /// Says which differs.
    pub fn check_fits(&self, game: &str, inputs: usize, moves: usize) -> Result<(), String> {
        if self.shape.inputs == inputs && self.shape.moves == moves {
            return Ok(());
        }
        Err(format!(
            "network of shape {} (inputs {}, moves {}) does not fit {game} (inputs {inputs}, moves {moves}){}",
            self.shape.text(),
            self.shape.inputs,
            self.shape.moves,
            self.manifest
                .get("game")
                .map(|g| format!("; it was trained for {g}"))
                .unwrap_or_default()
        ))
    }
}

/// The shape read from a file's tensors when its metadata names none (a network saved
/// by PyTorch): hidden layers `hidden.0`, `hidden.1`, ... then the heads.
fn shape_of_tensors(file: &safetensors::SafeTensors<'_>) -> Result<NetShape, String> {
    let dims = |name: &str| {
        file.tensor(name)
            .map(|v| v.shape().to_vec())
            .map_err(|_| format!("no tensor '{name}' and no shape in the metadata"))
    };
    let mut hidden = Vec::new();
    let mut inputs = None;
    while let Ok(d) = dims(&format!("hidden.{}.weight", hidden.len())) {
        let [out, inp] = d[..] else {
            return Err(format!(
                "tensor 'hidden.{}.weight' is not a matrix",
                hidden.len()
            ));
        };
        inputs.get_or_insert(inp);
        hidden.push(out);
    }
    let policy = dims("policy.weight")?;
    let [moves, width] = policy[..] else {
        return Err("tensor 'policy.weight' is not a matrix".into());
    };
    Ok(NetShape {
        inputs: inputs.unwrap_or(width),
        hidden,
        moves,
    })
}

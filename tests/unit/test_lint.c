/* Unit tests for src/rules/lint and src/facts/tensorcore:
 *  - the Tensor-Core classifier on a labelled table of real kernel names from
 *    ../shared/corpus (every layer TacticName, plus one name per kernel family
 *    of the verbose build logs), with precision and recall per class;
 *  - TREx parity: TREx's ConvLinter/ReformatLinter row sets, computed here with
 *    TREx's exact rules, match reference/golden.txt, and every row is flagged
 *    by the corresponding rule (trex/mobilenet.qat and the other TREx engines);
 *  - hand-built engines for each rule, with cases that must not fire;
 *  - a DAG cycle and a self-loop;
 *  - every corpus engine lints, the ranking holds, and the JSON is built. */
#include "testutil.h"
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include "rules/lint.h"
#include "facts/tensorcore.h"
#include "assemble/gen_lint.h"
#include "load/load.h"
#include "emit/jsonout.h"
#include "emit/lint_json.h"
#include "util/alloc.h"
#include "view/lint_table.h"
#include "words/words.h"

/* ---- the classifier ------------------------------------------------------- */

#define T EC_TC_TENSOR_CORES
#define C EC_TC_CUDA_CORES
#define U EC_TC_UNKNOWN

/* Kernel names as they appear in the corpus (the _0x... tactic suffix cut),
 * labelled by kernel family: MMA-shape families and xmma kernels with a
 * tensorMxNxK or Hopper warp-group suffix are Tensor Cores; FFMA/SIMT xmma
 * kernels, cuBLAS GEMV, sm50 pooling/fused-conv kernels, single-precision
 * cuDNN/cuBLAS (scudnn, sgemm) and DP4A (int8x4) kernels are CUDA cores;
 * Myelin kernels, empty names and sm50 "depthwiseHMMA" (an MMA name on an
 * architecture without Tensor Cores) are unknown. */
static const struct {
  const char *name;
  ec_tc_class want;
} S_labelled[] = {
    {"", U},
    {"__myl_Add", U},
    {"__myl_AddMaxrSubExpSum", U},
    {"__myl_CastReshCast", U},
    {"__myl_CastRounMaxrSubDivFlooDivFlooAddSubMaxDivFlooSubMulSubPowMulAddFlooMulFlooMaxMinSumMaxMinEtc", U},
    {"__myl_DivMulMaxr", U},
    {"__myl_DivMulTopk", U},
    {"__myl_MaxMinCas", U},
    {"__myl_MaxMinMea", U},
    {"__myl_Move", U},
    {"__myl_MulMinMaxRounCast", U},
    {"__myl_MulMinMaxRounCastCastMul", U},
    {"__myl_MulSum", U},
    {"__myl_MulSumAdd", U},
    {"__myl_Res", U},
    {"__myl_Resh", U},
    {"ampere_fp32_icudnn_int8x4_128x128_relu_interior_nn_v1", C},
    /* kernel names a verbose build log gives log-only engines ("Set Tactic Name", issue 27 item 10) */
    {"ampere_fp32_icudnn_int8x4_128x64_relu_interior_nn_v1", C},
    {"ampere_scudnn_128x128_relu_medium_nn_v1", C},
    {"maxwell_scudnn_128x32_relu_small_nn_v0", C},
    {"maxwell_scudnn_128x32_sliced1x4_ldg4_relu_exp_small_nhwc_tn_v1", C},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize64x128x8_stage3_warpsize1x4x1_g1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize64x64x8_stage3_warpsize1x4x1_g1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_tilesize128x32x64_stage4_warpsize4x1x1_g1_tensor16x8x32_t1r1s1_alignc4", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_tilesize128x64x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3_alignc4", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_simple_t1r1s1_linkable", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3_linkable", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x64x64_stage6_warpsize2x2x1_g1_tensor16x8x32_simple_t1r1s1_linkable", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize256x64x64_stage4_warpsize4x1x1_g1_tensor16x8x32_t1r3s3", T},
    {"ampere_fp32_icudnn_int8x4_128x64_relu_medium_nn_v1", C},
    {"ampere_h16816cudnn_128x128_ldg8_relu_exp_stages_64x3_large_nhwc_tn_v1", T},
    {"ampere_h16816cudnn_128x64_sliced1x2_ldg8_relu_exp_stages_64x3_small_nhwc_tn_v1", T},
    {"ampere_h16816cudnn_128x64_sliced1x2_ldg8_relu_exp_stages_64x4_small_nhwc_tn_v1", T},
    {"ampere_h16816cudnn_256x64_ldg8_relu_exp_stages_64x3_small_nhwc_tn_v1", T},
    {"ampere_h16816gemm_128x64_ldg8_nn_v1", T},
    {"ampere_h16816gemm_128x64_ldg8_relu_stages_32x6_nn_v1", T},
    {"ampere_h16816gemm_256x64_ldg8_relu_nn_v1", T},
    {"ampere_h16816gemm_64x64_ldg8_relu_stages_64x5_tn_v1", T},
    {"ampere_h16816gemm_64x64_sliced1x2_ldg8_relu_stages_64x5_tn_v1", T},
    {"ampere_h1688cudnn_128x128_ldg8_relu_exp_interior_nhwc_tn_v1", T},
    {"ampere_int8x4_icudnn_int8x4_128x128_relu_medium_c32_nn_v1", C},
    {"ampere_int8x4_icudnn_int8x4_128x32_relu_interior_c32_nn_v1", C},
    {"ampere_scudnn_128x128_ldg4_relu_exp_interior_nhwc_tn_v1", C},
    {"ampere_scudnn_128x64_relu_medium_nn_v1", C},
    {"ampere_scudnn_128x64_relu_xregs_large_nn_v1", C},
    {"ampere_scudnn_128x64_sliced1x2_ldg4_relu_exp_interior_nhwc_tn_v1", C},
    {"ampere_scudnn_128x64_sliced1x2_ldg4_relu_exp_small_nhwc_tn_v1", C},
    {"ampere_scudnn_winograd_128x128_ldg1_ldg4_relu_tile148t_nt_v1", C},
    {"ampere_sgemm_128x32_sliced1x4_nn_v1", C},
    {"cutlass3x_sm100_tensorop_s128x128x8tf32implicit_gemm_fprop_f32_f32_f32_f32_f32_f32_128x128x32_dyn_cga_ndhwc_ndhwc_ndhwc_align4_2sm_relu_valpha_vbeta", T},
    {"maxwell_scudnn_128x128_relu_interior_nn_v0", C},
    {"sm50_xmma_conv_fprop_fused_conv_act_fp32_NCHW_fp32_NCHW_KCRS_fp32_fp32_fp32_Accfloat_1_1_cC1_dC1_srcVec1_fltVec1_1_TP4_TQ4_C8_R5_S5_U1_V1", C},
    {"sm50_xmma_convolution_depthwiseHMMA_FP16NHWCx8_TR3_TS3_STRIDEH1_STRIDEW1", U},
    {"sm50_xmma_convolution_depthwiseHMMA_FP16NHWCx8_TR3_TS3_STRIDEH2_STRIDEW2", U},
    {"sm50_xmma_cublas_gemvx_f16f16_f32_f32_tn_n_int32_unit_n_launch_param4x32x32_strided_unit_stride", C},
    {"sm50_xmma_cublas_gemvx_f16f16_f32_f32_tn_n_int32_unit_n_launch_param8x32x32_strided_copyx_unit_stride", C},
    {"sm50_xmma_cublas_gemvx_f32f32_f32_f32_tn_n_int32_unit_n_launch_param4x32x32_strided_unit_stride", C},
    {"sm50_xmma_cublas_gemvx_f32f32_f32_f32_tn_n_int32_unit_n_launch_param8x32x32_strided_unit_stride", C},
    {"sm50_xmma_pooling_CHWPacked_NCxHW2_kMAX", C},
    {"sm50_xmma_pooling_coalescedC_NHWC_kMAX_2_False", C},
    {"sm50_xmma_pooling_coalescedC_NHWC_kMAX_3_False", C},
    {"sm50_xmma_pooling_fw_4d_FP16FP32NCHW_Max", C},
    {"sm50_xmma_pooling_fw_4d_FP16FP32NHWC_Average_FastDiv_CAlign4", C},
    {"sm50_xmma_pooling_fw_4d_FP16FP32NHWC_Average_FastDiv_CAlign8", C},
    {"sm50_xmma_pooling_fw_4d_FP16FP32NHWC_Max_CAlign4", C},
    {"sm50_xmma_pooling_fw_4d_FP16FP32NHWC_Max_CAlign8", C},
    {"sm50_xmma_pooling_fw_4d_FP32FP32NCHW_Average_FastDiv", C},
    {"sm50_xmma_pooling_fw_4d_FP32FP32NCHW_Max", C},
    {"sm50_xmma_pooling_fw_4d_FP32FP32NHWC_Average_FastDiv_CAlign4", C},
    {"sm50_xmma_pooling_fw_4d_FP32FP32NHWC_Max_CAlign4", C},
    {"sm50_xmma_pooling_max_nhwc_FP16FP32_WINDOWSIZE_0_NOT_PROPAGATE_NAN_2D", C},
    {"sm50_xmma_pooling_max_nhwc_FP16FP32_WINDOWSIZE_0_NOT_PROPAGATE_NAN_3D", C},
    {"sm50_xmma_pooling_max_nhwc_FP16FP32_WINDOWSIZE_0_PROPAGATE_NAN_2D", C},
    {"sm50_xmma_pooling_max_nhwc_FP16FP32_WINDOWSIZE_0_PROPAGATE_NAN_3D", C},
    {"sm50_xmma_pooling_max_nhwc_FP16FP32_WINDOWSIZE_3_NOT_PROPAGATE_NAN_2D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_0_NOT_PROPAGATE_NAN_2D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_0_NOT_PROPAGATE_NAN_3D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_0_PROPAGATE_NAN_2D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_0_PROPAGATE_NAN_3D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_3_NOT_PROPAGATE_NAN_2D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_3_NOT_PROPAGATE_NAN_3D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_3_PROPAGATE_NAN_2D", C},
    {"sm50_xmma_pooling_max_nhwc_FP32FP32_WINDOWSIZE_3_PROPAGATE_NAN_3D", C},
    {"sm50_xmma_pooling_nd_NCDHW_kMAX_kGENERIC_3D_POOLING_MODE_kFLOAT_0", C},
    {"sm50_xmma_pooling_nd_NCDHW_kMAX_kGENERIC_3D_POOLING_MODE_kHALF_0", C},
    {"sm50_xmma_pooling_nd_NDHWC_kMAX_kGENERIC_3D_POOLING_MODE_kHALF_3", C},
    {"sm50_xmma_pooling_tiled_FP16NCxHW2_kMAX_tP2_tQ16_tR2_tS2_tU2_tV2_tUnroll1_tThreads128", C},
    {"sm50_xmma_pooling_tiled_FP32NCHW_kMAX_custom_tP4_tQ32_tRS3_tUV2", C},
    {"sm50_xmma_pooling_tiled_FP32NCHW_kMAX_tP14_tQ14_tR3_tS3_tU2_tV2_tUnroll1_tThreads841", C},
    {"sm50_xmma_pooling_tiled_FP32NCHW_kMAX_tP2_tQ16_tR2_tS2_tU2_tV2_tUnroll3_tThreads128", C},
    {"sm50_xmma_pooling_tiled_FP32NCHW_kMAX_tP2_tQ16_tR2_tS2_tU2_tV2_tUnroll4_tThreads128", C},
    {"sm50_xmma_pooling_tiled_FP32NCHW_kMAX_tP2_tQ32_tR2_tS2_tU2_tV2_tUnroll2_tThreads256", C},
    {"sm70_xmma_fprop_conv1x1_f32f32_f32_f32_nchwkcrs_nchw_simt_small_batch_bias_relu", C},
    {"sm70_xmma_fprop_conv1x1_i8f32_f32_f32_nchw_vect_c_4kcrs_vect_c_4_nchw_simt_small_batch_bias_relu", C},
    {"sm70_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize128x128x8_stage1_warpsize2x2x1_g1_ffma_aligna4_alignc4", C},
    {"sm70_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x16x8_stage1_warpsize4x1x1_g1_ffma_aligna4_alignc4", C},
    {"sm70_xmma_fprop_implicit_gemm_indexed_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize128x16x8_stage1_warpsize4x1x1_g1_ffma_aligna4_alignc4", C},
    {"sm70_xmma_fprop_implicit_gemm_indexed_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x16x8_stage1_warpsize4x1x1_g1_ffma_aligna4_alignc4", C},
    {"sm70_xmma_gemm_as_conv1x1_f16f16_f16_f16_tn_n_simt_small_batch_bias_relu", C},
    {"sm70_xmma_gemm_as_conv1x1_f32f32_f32_f32_tn_n_simt_small_batch_bias_relu", C},
    {"sm75_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage1_warpsize2x2x1_g1_tensor16x8x8", T},
    {"sm75_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage1_warpsize2x2x1_g1_tensor16x8x8_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x128x32_stage1_warpsize2x2x1_g1_tensor16x8x8_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_indexed_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage1_warpsize2x2x1_g1_tensor16x8x8", T},
    {"sm75_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x16x32_stage1_warpsize4x1x1_g1_tensor16x8x8_aligna2_alignc2", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize32x32x64_stage1_warpsize2x1x1_g1_tensor8x8x16_simple_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize32x32x64_stage1_warpsize2x1x1_g1_tensor8x8x16_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize32x64x64_stage1_warpsize2x2x1_g1_tensor8x8x16_simple_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize32x64x64_stage1_warpsize2x2x1_g1_tensor8x8x16_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x128x64_stage1_warpsize2x2x1_g1_tensor8x8x16_simple_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x32x64_stage1_warpsize2x1x1_g1_tensor8x8x16_simple_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x32x64_stage1_warpsize2x1x1_g1_tensor8x8x16_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x32x64_stage1_warpsize2x1x1_g1_tensor8x8x16_t1r3s3", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x64x64_stage1_warpsize2x2x1_g1_tensor8x8x16_simple_t1r1s1", T},
    {"sm75_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x64x64_stage1_warpsize2x2x1_g1_tensor8x8x16_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_warpsize2x2x1_g1_tensor16x8x16", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_warpsize2x2x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_warpsize2x2x1_g1_tensor16x8x16_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_warpsize2x2x1_g1_tensor16x8x16_t1r3s3_aACCESS", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x64_stage3_warpsize2x2x1_g1_tensor16x8x16", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x64_stage3_warpsize2x2x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x32x32_stage4_warpsize4x1x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x64x32_stage5_warpsize2x2x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x64x32_stage5_warpsize2x2x1_g1_tensor16x8x16_t1r5s5", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x64x64_stage3_warpsize2x2x1_g1_tensor16x8x16_t1r3s3_aACCESS", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x128x32_stage3_warpsize4x2x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x128x32_stage3_warpsize4x2x1_g1_tensor16x8x16_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x128x32_stage3_warpsize4x2x1_g1_tensor16x8x16_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x128x64_stage3_warpsize4x2x1_g1_tensor16x8x16", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x32x32_stage4_warpsize4x1x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x64x32_stage3_warpsize4x1x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x64x32_stage3_warpsize4x1x1_g1_tensor16x8x16_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x64x32_stage3_warpsize4x1x1_g1_tensor16x8x16_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize256x64x32_stage3_warpsize4x1x1_g1_tensor16x8x16_t1r3s3_aACCESS", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x128x32_stage5_warpsize2x2x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x128x32_stage5_warpsize2x2x1_g1_tensor16x8x16_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x32x64_stage5_warpsize2x2x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x32x64_stage5_warpsize2x2x1_g1_tensor16x8x16_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x32x64_stage5_warpsize2x2x1_g1_tensor16x8x16_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x64x64_stage4_warpsize2x1x2_g1_tensor16x8x16_aACCESS", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x64x64_stage4_warpsize2x2x1_g1_tensor16x8x16", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x64x64_stage4_warpsize2x2x1_g1_tensor16x8x16_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x64x64_stage4_warpsize2x2x1_g1_tensor16x8x16_t1r3s3_aACCESS", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize128x16x8_stage3_warpsize4x1x1_g1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize32x32x8_stage3_warpsize1x2x1_g1_ffma_t1r5s5_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x16x8_stage3_warpsize4x1x1_g1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x64x8_stage3_warpsize2x2x1_g1_ffma_t1r3s3_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nchwkrsc_nchw_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8_simple_t1r1s1_aligna4_alignc4", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nchw_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x32_stage4_warpsize2x2x1_g1_tensor16x8x8", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize256x128x32_stage3_warpsize4x2x1_g1_tensor16x8x8_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize256x64x32_stage3_warpsize4x2x1_g1_tensor16x8x8_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize256x64x32_stage3_warpsize4x2x1_g1_tensor16x8x8_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize64x128x32_stage5_warpsize2x2x1_g1_tensor16x8x8_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize64x128x32_stage5_warpsize2x2x1_g1_tensor16x8x8_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize64x32x64_stage5_warpsize2x2x1_g1_tensor16x8x8_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_stage4_warpsize2x2x1_g1_tensor16x8x16", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x128x32_stage5_warpsize2x2x1_g1_tensor16x8x16", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize64x64x64_stage4_warpsize2x2x1_g1_tensor16x8x16", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f32f32_f32f32_f32_nchwkcrs_nchw_tilesize128x16x8_stage3_warpsize4x1x1_g1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x16x8_stage3_warpsize4x1x1_g1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f32f32_tf32f32_f32_nhwckrsc_nchw_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x16_stage4_warpsize2x2x1_g1_tensor16x8x8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x16x32_stage1_warpsize4x1x1_g1_tensor16x8x16_aligna2_alignc2", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x16x32_stage1_warpsize4x1x1_g1_tensor16x8x16_aligna8_alignc8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x16x32_stage1_warpsize4x1x1_g1_tensor16x8x16_alignc8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x32x16_stage1_warpsize4x1x1_g1_tensor16x8x16_aligna4_alignc8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x32x16_stage1_warpsize4x1x1_g1_tensor16x8x16_aligna8_alignc8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x32x64_stage1_warpsize4x1x1_g1_tensor16x8x16_aligna8_alignc4", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x32x64_stage1_warpsize4x1x1_g1_tensor16x8x16_aligna8_alignc8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x16x32_stage1_warpsize4x1x1_g1_tensor16x8x8", T},
    {"sm80_xmma_fprop_implicit_gemm_indexed_wo_smem_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x16x32_stage1_warpsize4x1x1_g1_tensor16x8x8_aligna4_alignc8", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x64x64_stage6_warpsize2x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize256x64x64_stage4_warpsize4x1x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x128x64_stage6_warpsize2x2x1_g1_tensor16x8x32_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f16_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x128x64_stage6_warpsize2x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3_alignc4", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_tilesize128x64x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3_alignc4_nchw", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_tilesize64x32x64_stage6_warpsize2x1x1_g1_tensor16x8x32_t1r1s1_alignc4_nchw", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize32x32x64_stage6_warpsize2x1x1_g1_tensor16x8x32_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x192x64_stage3_warpsize4x2x1_g1_tensor16x8x32_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x64x64_stage6_warpsize2x2x1_g1_tensor16x8x32_t1r1s1_epifadd", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x96x64_stage3_warpsize4x1x1_g1_tensor16x8x32_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize192x128x64_stage3_warpsize4x2x1_g1_tensor16x8x32_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize192x128x64_stage3_warpsize4x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize192x64x64_stage3_warpsize4x1x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize256x128x64_stage4_warpsize4x2x1_g1_tensor16x8x32_t1r1s1_epifadd", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize256x128x64_stage4_warpsize4x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize48x128x64_stage3_warpsize1x4x1_g1_tensor16x8x32_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x128x64_stage6_warpsize2x2x1_g1_tensor16x8x32_t1r1s1_epifadd", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize64x128x64_stage6_warpsize2x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize96x128x64_stage3_warpsize2x2x1_g1_tensor16x8x32", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize96x128x64_stage3_warpsize2x2x1_g1_tensor16x8x32_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize96x128x64_stage3_warpsize2x2x1_g1_tensor16x8x32_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize96x128x64_stage3_warpsize2x2x1_g1_tensor16x8x32_t1r3s3", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize96x64x64_stage3_warpsize2x2x1_g1_tensor16x8x32_simple_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize96x64x64_stage3_warpsize2x2x1_g1_tensor16x8x32_t1r1s1", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_indexed_i8f32_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize256x32x64_stage4_warpsize4x1x1_g1_tensor16x8x32", T},
    {"sm80_xmma_fprop_implicit_gemm_interleaved_indexed_i8i8_i8i32_f32_nchw_vect_c_32kcrs_vect_c_32_nchw_vect_c_32_tilesize128x128x64_stage4_warpsize2x2x1_g1_tensor16x8x32", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_nn_n_tilesize128x64x32_stage5_warpsize2x2x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_nn_n_tilesize32x32x64_stage6_warpsize2x2x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_nn_n_tilesize64x32x64_stage5_warpsize2x2x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_nn_n_tilesize64x64x64_stage4_warpsize2x2x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_tn_n_tilesize32x32x64_stage6_warpsize2x2x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_tn_n_tilesize64x128x32_stage5_warpsize2x2x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_tn_n_tilesize64x32x64_stage7_warpsize4x1x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_tn_n_tilesize64x64x64_stage4_warpsize2x2x1_tensor16x8x16", T},
    {"sm80_xmma_gemm_f16f16_f32f32_f32_nn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna2_alignc2", C},
    {"sm80_xmma_gemm_f16f16_f32f32_f32_tn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna2_alignc2", C},
    {"sm80_xmma_gemm_f32f32_f32f32_f32_nn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize32x32x8_stage3_warpsize1x2x1_ffma_aligna4_alignc4", C},
    {"sm80_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize32x32x64_stage3_warpsize2x1x2_tensor16x8x8", T},
    {"sm80_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize32x32x64_stage3_warpsize2x1x2_tensor16x8x8", T},
    {"sm80_xmma_gemm_i8i8_i8i32_f32_tn_n_tilesize256x64x64_stage3_warpsize4x1x1_tensor16x8x32", T},
    {"sm86_xmma_gemm_f32f32_tf32f32_f32_nn_n_tilesize32x32x64_stage6_warpsize2x2x1_tensor16x8x8", T},
    {"sm86_xmma_gemm_f32f32_tf32f32_f32_tn_n_tilesize32x32x64_stage6_warpsize2x2x1_tensor16x8x8", T},
    {"sm90_xmma_fprop_implicit_gemm_f16f16_f16f16_f16_nhwckrsc_nhwc_tilesize128x128x32_cgasize1x1x1_warpgroupsize1x1x1_g1", T},
    {"trt_turing_cutlass_image_network_first_layer_hmma_fprop_f16f16f32_nhwc_nhwc_k64r7s7c4_stride2x2", T},
    {"turing_fp16_i8816cudnn_int8_128x128_ldg16_relu_interior_nt_v1", T},
    {"turing_fp16_i8816cudnn_int8_128x128_ldg16_relu_small_nt_v1", T},
    {"turing_fp32_i8816cudnn_int8_128x128_ldg16_relu_small_nt_v1", T},
    {"volta_fp32_i8816cudnn_int8_128x128_ldg16_relu_small_nt_v1", T},
    {"volta_fp32_i8816cudnn_int8_256x64_ldg16_relu_singleBuffer_interior_nt_v1", T},
    {"volta_fp32_icudnn_int8x4_128x32_relu_small_nn_v1", C},
    {"volta_fp32_icudnn_int8x4_128x32_relu_xregs_interior_nn_v1", C},
    {"volta_fp32_icudnn_int8x4_128x32_relu_xregs_small_nn_v1", C},
    {"volta_int8x4_icudnn_int8x4_128x32_relu_xregs_medium_c32_nn_v1", C},
    {"volta_int8x4_icudnn_int8x4_128x32_relu_xregs_small_c32_nn_v1", C},
    {"volta_int8x4_icudnn_int8x4_128x64_relu_interior_nn_v1", C},
    /* the issue's own examples and names not in the corpus */
    {"TensorRT", U},
    {"sm80_xmma_gemm_f16f16_f16f16_f16_nn_n_tilesize64x64x64_stage4_warpsize2x2x1_tensor16x8x16_0x5ac3a1e6", T},
    {"volta_h884gemm_64x64_ldg8_nn", T},
};

#undef T
#undef C
#undef U

static int S_tp[3], S_fp[3], S_fn[3];

static void test_tc_classifier_labelled(void **st) {
  (void)st;
  size_t n = sizeof S_labelled / sizeof S_labelled[0], wrong = 0;
  memset(S_tp, 0, sizeof S_tp), memset(S_fp, 0, sizeof S_fp), memset(S_fn, 0, sizeof S_fn);
  for (size_t i = 0; i < n; i++) {
    ec_tc_verdict v = ec_tc_classify(S_labelled[i].name);
    assert_non_null(v.reason);
    for (int k = 0; k < 3; k++) {
      if (v.cls == (ec_tc_class)k && S_labelled[i].want == (ec_tc_class)k) S_tp[k]++;
      else if (v.cls == (ec_tc_class)k) S_fp[k]++;
      else if (S_labelled[i].want == (ec_tc_class)k) S_fn[k]++;
    }
    if (v.cls != S_labelled[i].want) {
      print_message("misclassified: \"%s\" is %s (%s), labelled %s\n", S_labelled[i].name, ec_tc_class_name(v.cls),
                    v.reason, ec_tc_class_name(S_labelled[i].want));
      wrong++;
    }
  }
  for (int k = 0; k < 3; k++) {
    double p = S_tp[k] + S_fp[k] ? (double)S_tp[k] / (S_tp[k] + S_fp[k]) : 1;
    double r = S_tp[k] + S_fn[k] ? (double)S_tp[k] / (S_tp[k] + S_fn[k]) : 1;
    print_message("%-12s TP %3d FP %d FN %d  precision %.3f recall %.3f\n", ec_tc_class_name((ec_tc_class)k), S_tp[k],
                  S_fp[k], S_fn[k], p, r);
  }
  assert_int_equal(wrong, 0);
  for (int k = 0; k < 3; k++) {
    assert_int_equal(S_fp[k], 0);
    assert_int_equal(S_fn[k], 0);
  }
  assert_true(S_tp[EC_TC_TENSOR_CORES] > 100 && S_tp[EC_TC_CUDA_CORES] > 50 && S_tp[EC_TC_UNKNOWN] > 10);
}

static void test_tc_classifier_details(void **st) {
  (void)st;
  /* TF32 flagged; FP32 FFMA not */
  ec_tc_verdict v = ec_tc_classify("sm80_xmma_fprop_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize256x64x32_stage3_warpsize4x2x1_g1_tensor16x8x8_t1r3s3");
  assert_int_equal(v.cls, EC_TC_TENSOR_CORES);
  assert_true(v.tf32);
  v = ec_tc_classify("ampere_h16816gemm_128x64_ldg8_relu_stages_32x6_nn_v1");
  assert_int_equal(v.cls, EC_TC_TENSOR_CORES);
  assert_false(v.tf32);
  v = ec_tc_classify("sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x64x8_stage3_warpsize2x2x1_g1_ffma_t1r3s3_aligna4_alignc4");
  assert_int_equal(v.cls, EC_TC_CUDA_CORES);
  /* Blackwell (sm100, TensorRT 11): CUTLASS 3.x names its operator class */
  v = ec_tc_classify("cutlass3x_sm100_tensorop_s128x128x8tf32implicit_gemm_fprop_f32_f32_f32_f32_f32_f32_128x128x32_dyn_cga_ndhwc_ndhwc_ndhwc_align4_2sm_relu_valpha_vbeta");
  assert_int_equal(v.cls, EC_TC_TENSOR_CORES);
  assert_true(v.tf32);
  assert_int_equal(ec_kernel_math("gemm", "cutlass3x_sm100_tensorop_s128x128x8tf32implicit_gemm_fprop_f32", "FP32").math, EC_MATH_TF32_TC);
  assert_int_equal(ec_kernel_math("gemm", "cutlass3x_sm100_tensorop_h128x128x16gemm_f16_f16_f32", "FP16").math, EC_MATH_FP16_TC);
  assert_int_equal(ec_tc_classify("cutlass3x_sm100_simt_sgemm_f32_f32_128x128x8").cls, EC_TC_CUDA_CORES);
  assert_int_equal(ec_tc_classify("sm100_xmma_gemm_f16f16_f32_umma_tile128").cls, EC_TC_TENSOR_CORES);
  assert_int_equal(ec_tc_classify("sm50_xmma_pooling_tensorop_x").cls, EC_TC_UNKNOWN); /* conflicting */
  /* case-insensitive, NULL-safe */
  assert_int_equal(ec_tc_classify("AMPERE_H16816GEMM_X").cls, EC_TC_TENSOR_CORES);
  assert_int_equal(ec_tc_classify(NULL).cls, EC_TC_UNKNOWN);
  /* no evidence: a bare family name */
  assert_int_equal(ec_tc_classify("sm80_xmma_fprop_implicit_gemm").cls, EC_TC_UNKNOWN);
  /* a boundary marker inside a word does not count */
  assert_int_equal(ec_tc_classify("foo_xh16816_bar").cls, EC_TC_UNKNOWN);
  /* layer-level: TensorRT's own CUDA kernels */
  assert_int_equal(ec_tc_classify_layer("CudaDepthwiseConvolution", "TensorRT").cls, EC_TC_CUDA_CORES);
  assert_int_equal(ec_tc_classify_layer("CaskConvolution", "TensorRT").cls, EC_TC_UNKNOWN);
  assert_int_equal(ec_tc_classify_layer("CudaPooling", "__myl_Add").cls, EC_TC_UNKNOWN);
  assert_int_equal(ec_tc_classify_layer(NULL, NULL).cls, EC_TC_UNKNOWN);
  assert_string_equal(ec_tc_class_name(EC_TC_TENSOR_CORES), "tensor-cores");
}

/* Every TacticName of every corpus engine has a label in the table, so the
 * table keeps covering the corpus. */
static int S_labelled_find(const char *tactic) {
  char cut[1024];
  ec_tactic_group(tactic, cut, sizeof cut);
  for (size_t i = 0; i < sizeof S_labelled / sizeof S_labelled[0]; i++)
    if (!strcmp(S_labelled[i].name, cut)) return (int)i;
  return -1;
}

/* ---- corpus helpers --------------------------------------------------------- */

static ec_engine *S_load(const char *path) {
  ec_engine *e = NULL;
  int rc = ec_load_engine(path, NULL, &e);
  if (rc != 0) fail_msg("load %s returned %d", path, rc);
  return e;
}

typedef void (*S_engine_fn)(const char *dir, ec_engine *e, void *ctx);

/* Calls fn for every engine directory shared/corpus/SOURCE/ENGINE. */
static size_t S_each_corpus_engine(const char *shared, S_engine_fn fn, void *ctx) {
  char root[4096];
  snprintf(root, sizeof root, "%s/corpus", shared);
  DIR *d = opendir(root);
  if (!d) fail_msg("cannot open %s", root);
  struct dirent *a;
  char **dirs = NULL;
  size_t n = 0, cap = 0;
  while ((a = readdir(d))) {
    if (a->d_name[0] == '.') continue;
    char src[4096];
    snprintf(src, sizeof src, "%s/%s", root, a->d_name);
    DIR *d2 = opendir(src);
    if (!d2) continue;
    struct dirent *b;
    while ((b = readdir(d2))) {
      if (b->d_name[0] == '.') continue;
      char *p = ec_asprintf("%s/%s", src, b->d_name);
      struct stat s;
      if (stat(p, &s) == 0 && S_ISDIR(s.st_mode)) *EC_PUSH(dirs, n, cap) = p;
      else free(p);
    }
    closedir(d2);
  }
  closedir(d);
  for (size_t i = 0; i < n; i++) {
    ec_engine *e = NULL;
    ec_load_engine(dirs[i], NULL, &e);
    fn(dirs[i], e, ctx);
    ec_engine_free(e);
    free(dirs[i]);
  }
  free(dirs);
  return n;
}

static void S_check_tactics(const char *dir, ec_engine *e, void *ctx) {
  size_t *missing = ctx;
  for (size_t i = 0; i < e->n_layers; i++) {
    const char *t = e->layers[i].tactic;
    if (!t || !strcmp(t, "TensorRT")) continue;
    int k = S_labelled_find(t);
    if (k < 0) {
      print_message("%s: tactic \"%s\" has no label in test_lint.c\n", dir, t);
      (*missing)++;
      continue;
    }
    if (ec_tc_classify(t).cls != S_labelled[k].want) fail_msg("%s: \"%s\" misclassified", dir, t);
  }
}

static void test_tc_classifier_covers_corpus(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  size_t missing = 0;
  size_t n = S_each_corpus_engine(shared, S_check_tactics, &missing);
  assert_true(n >= 30);
  assert_int_equal(missing, 0);
}

/* ---- TREx parity ------------------------------------------------------------ */

static int S_is(const char *a, const char *b) { return a && b && !strcmp(a, b); }

/* TREx: format[:4] == b */
static int S_fmt4_eq(const ec_tensor *a, const char *b) {
  char x[5] = {0};
  strncpy(x, a->format_short ? a->format_short : "", 4);
  return !strcmp(x, b);
}

static int S_fmt4_same(const ec_tensor *a, const ec_tensor *b) {
  const char *x = a->format_short ? a->format_short : "", *y = b->format_short ? b->format_short : "";
  return !strncmp(x, y, 4);
}

/* TREx's rules, transcribed from trex/lint.py (v0.2.1). */
static int S_trex_tc(const ec_layer *l) {
  if (!S_is(l->type, "Convolution") || S_is(l->precision_trex, "FP32")) return 0;
  static const char *const pat[] = {"imma", "hmma", "xmma", "i88", "884"};
  for (int k = 0; k < 5; k++)
    if (l->tactic && strstr(l->tactic, pat[k])) return 0;
  return 1;
}

static int S_trex_mixed(const ec_layer *l) {
  if (!S_is(l->type, "Convolution") || !S_is(l->precision_trex, "INT8")) return 0;
  /* TREx's "Int8" prefix: format_short spells the data type canonically (INT8) */
  return S_fmt4_eq(&l->in[0], "INT8") && !S_fmt4_eq(&l->out[0], "INT8");
}

static int S_trex_align(const ec_layer *l) {
  if (!S_is(l->type, "Convolution")) return 0;
  if (l->in[0].ndims != 4 || l->out[0].ndims != 4) return 0;
  int64_t c = l->in[0].dims[1], k = l->out[0].dims[1];
  int64_t a = S_is(l->precision_trex, "INT8") ? 16 : 8;
  return !(c % a == 0 && k % a == 0);
}

static int S_trex_reformat(const ec_layer *l) {
  return S_is(l->type, "Reformat") && l->n_in && l->n_out && !S_fmt4_same(&l->in[0], &l->out[0]);
}

static const ec_finding *S_find(const ec_findings *f, long layer, const char *rule) {
  for (size_t i = 0; i < f->n; i++)
    if (f->v[i].layer == layer && !strcmp(f->v[i].rule, rule)) return &f->v[i];
  return NULL;
}

static size_t S_count_rule(const ec_findings *f, const char *rule) {
  size_t n = 0;
  for (size_t i = 0; i < f->n; i++)
    if (!strcmp(f->v[i].rule, rule)) n++;
  return n;
}

/* golden.txt: the ConvLinter and ReformatLinter lines of section key. */
typedef struct {
  int conv_rows, tc, mixed, align, reformat_rows;
} S_golden;

static int S_golden_read(const char *shared, const char *key, S_golden *g) {
  size_t len;
  ec_diags d = {0};
  char *txt = ec_read_file(ec_test_path(shared, "reference/golden.txt"), &len, &d);
  for (size_t i = 0; i < d.n; i++) free(d.v[i].msg), free(d.v[i].file);
  free(d.v);
  if (!txt) return -1;
  memset(g, 0, sizeof *g);
  char hdr[256];
  snprintf(hdr, sizeof hdr, "=== %s  (", key);
  char *p = strstr(txt, hdr);
  int ok = -1;
  if (p) {
    char *next = strstr(p + 4, "\n=== ");
    char *c = strstr(p, "ConvLinter rows=");
    char *r = strstr(p, "ReformatLinter rows (format[:4] of in0 != out0) = ");
    if (c && r && (!next || (c < next && r < next))) {
      g->conv_rows = atoi(c + strlen("ConvLinter rows="));
      char *dict = strchr(c, '{'), *end = strchr(c, '}');
      char *q;
      if ((q = strstr(dict, "'tc': ")) && q < end) g->tc = atoi(q + 6);
      if ((q = strstr(dict, "'mixed': ")) && q < end) g->mixed = atoi(q + 9);
      if ((q = strstr(dict, "'align': ")) && q < end) g->align = atoi(q + 9);
      g->reformat_rows = atoi(r + strlen("ReformatLinter rows (format[:4] of in0 != out0) = "));
      ok = 0;
    }
  }
  free(txt);
  return ok;
}

/* Checks one TREx engine; returns the number of TREx tc rows our classifier
 * proves to be on Tensor Cores (TREx's false positives). strict: every tc row
 * must be conv-no-tensor-cores. */
static size_t S_parity(const char *shared, const char *key, const char *rel, int strict) {
  S_golden g;
  if (S_golden_read(shared, key, &g) != 0) fail_msg("golden.txt has no section %s", key);
  ec_engine *e = S_load(ec_test_path(shared, rel));
  ec_summary *s = ec_summarize(e);
  ec_findings f = {0};
  ec_lint(e, s, NULL, &f);
  int rows = 0, tc = 0, mixed = 0, align = 0, ref = 0;
  size_t trex_fp = 0;
  for (size_t i = 0; i < e->n_layers; i++) {
    const ec_layer *l = &e->layers[i];
    int a = S_trex_tc(l), b = S_trex_mixed(l), c = S_trex_align(l);
    /* TREx's dict update: the last hazard wins */
    if (a || b || c) rows++;
    if (c) align++;
    else if (b) mixed++;
    else if (a) tc++;
    if (a) {
      const ec_finding *x = S_find(&f, (long)i, "conv-no-tensor-cores");
      if (!x) x = S_find(&f, (long)i, "conv-tensor-cores-unknown");
      if (strict && (!x || strcmp(x->rule, "conv-no-tensor-cores")))
        fail_msg("%s: TREx tc_lint flags \"%s\" but lint has no conv-no-tensor-cores", key, l->name);
      if (!x) {
        /* only a TREx false positive may go unflagged */
        ec_tc_verdict v = ec_tc_classify_layer(l->layer_type, l->tactic);
        if (v.cls != EC_TC_TENSOR_CORES) fail_msg("%s: TREx tc_lint row \"%s\" not flagged", key, l->name);
        trex_fp++;
      } else {
        assert_string_equal(x->trex_rule, "ConvLinter.tc_lint");
      }
    }
    if (b) {
      const ec_finding *x = S_find(&f, (long)i, "conv-int8-float-output");
      if (!x) fail_msg("%s: TREx mixed_precision_lint row \"%s\" not flagged", key, l->name);
      assert_string_equal(x->trex_rule, "ConvLinter.mixed_precision_lint");
    }
    if (c) {
      const ec_finding *x = S_find(&f, (long)i, "conv-misaligned-channels");
      if (!x) fail_msg("%s: TREx alignment_lint row \"%s\" not flagged", key, l->name);
      assert_string_equal(x->trex_rule, "ConvLinter.alignment_lint");
    }
    if (S_trex_reformat(l)) {
      ref++;
      const ec_finding *x = S_find(&f, (long)i, "reformat-type-conversion");
      if (!x) fail_msg("%s: TREx ReformatLinter row \"%s\" not flagged", key, l->name);
      assert_string_equal(x->trex_rule, "ReformatLinter");
    } else if (S_find(&f, (long)i, "reformat-type-conversion")) {
      fail_msg("%s: reformat-type-conversion on \"%s\", which TREx does not flag", key, l->name);
    }
  }
  if (rows != g.conv_rows || tc != g.tc || mixed != g.mixed || align != g.align || ref != g.reformat_rows)
    fail_msg("%s: TREx rows %d (tc %d mixed %d align %d) reformat %d; golden.txt %d (tc %d mixed %d align %d) reformat %d",
             key, rows, tc, mixed, align, ref, g.conv_rows, g.tc, g.mixed, g.align, g.reformat_rows);
  /* our reformat-type-conversion findings are exactly TREx's rows */
  assert_int_equal(S_count_rule(&f, "reformat-type-conversion"), (size_t)ref);
  print_message("%-28s ConvLinter rows %d (tc %d mixed %d align %d), ReformatLinter %d: all flagged; "
                "%zu tc rows are TREx false positives (Tensor-Core kernels)\n",
                key, rows, tc, mixed, align, ref, trex_fp);
  ec_findings_free(&f);
  ec_summary_free(s);
  ec_engine_free(e);
  return trex_fp;
}

static void test_trex_parity_mobilenet(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  assert_int_equal(S_parity(shared, "tests/mobilenet.qat", "corpus/trex/mobilenet.qat", 1), 0);
  /* every hazard of a layer is kept: the first convolution has tc and align */
  ec_engine *e = S_load(ec_test_path(shared, "corpus/trex/mobilenet.qat"));
  ec_summary *s = ec_summarize(e);
  ec_findings f = {0};
  ec_lint(e, s, NULL, &f);
  long first = -1;
  for (size_t i = 0; i < e->n_layers && first < 0; i++)
    if (!strcmp(e->layers[i].name, "features.0.0.weight + QuantizeLinear_8 + Conv_12 + PWN(Clip_16)")) first = (long)i;
  assert_true(first >= 0);
  assert_non_null(S_find(&f, first, "conv-no-tensor-cores"));
  assert_non_null(S_find(&f, first, "conv-misaligned-channels"));
  /* TREx's test_lint.py rows */
  long q2 = -1, c191 = -1, c29 = -1;
  for (size_t i = 0; i < e->n_layers; i++) {
    if (!strcmp(e->layers[i].name, "QuantizeLinear_2")) q2 = (long)i;
    if (!strcmp(e->layers[i].name, "features.4.conv.2.weight + QuantizeLinear_187 + Conv_191")) c191 = (long)i;
    if (!strcmp(e->layers[i].name, "features.1.conv.0.0.weight + QuantizeLinear_25 + Conv_29 + PWN(Clip_33)")) c29 = (long)i;
  }
  const ec_finding *x = S_find(&f, q2, "reformat-type-conversion");
  assert_non_null(x);
  assert_non_null(strstr(x->evidence, "FP32 -> INT8"));
  assert_non_null(strstr(x->evidence, "[1, 3, 224, 224] -> [1, 3, 224, 224]"));
  assert_non_null(strstr(x->message, "Reformat layer is converting operand data type"));
  /* the mitigation TREx never showed ("INT8" vs "Int8") */
  assert_non_null(strstr(x->mitigation, "Consider adding quantization around float operations."));
  x = S_find(&f, c191, "conv-int8-float-output");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "Quantized Convolution has float outputs"));
  assert_non_null(strstr(x->mitigation, "Consider adding quantization after the convolution"));
  x = S_find(&f, c29, "conv-no-tensor-cores");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "not accelerated"));
  /* ranked by share, descending, unknown last; severity next */
  for (size_t i = 1; i < f.n; i++) {
    double a = f.v[i - 1].share_pct, b = f.v[i].share_pct;
    if (isfinite(a) && isfinite(b)) assert_true(a > b || (a == b && f.v[i - 1].severity >= f.v[i].severity));
    else assert_false(!isfinite(a) && isfinite(b));
  }
  ec_findings_free(&f);
  ec_summary_free(s);
  ec_engine_free(e);
}

static void test_trex_parity_other_engines(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  static const char *const map[][2] = {
      {"A100/fp32", "corpus/trex/pytorch-resnet-A100-fp32/resnet.onnx.engine"},
      {"A100/fp16", "corpus/trex/pytorch-resnet-A100-fp16/resnet.onnx.engine"},
      {"A100/qat", "corpus/trex/pytorch-resnet-A100-qat/resnet-qat.onnx.engine"},
      {"A100/qat-residual", "corpus/trex/pytorch-resnet-A100-qat-residual/resnet-qat-residual.onnx.engine"},
      {"A100/qat-residual-qgap", "corpus/trex/pytorch-resnet-A100-qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine"},
      {"tests/mobilenet_v2_residuals.qat", "corpus/trex/mobilenet_v2_residuals.qat"},
      {"TF RTX-3090/fp32", "corpus/trex/tensorflow-resnet-RTX-3090-fp32"},
      {"TF RTX-3090/fp16", "corpus/trex/tensorflow-resnet-RTX-3090-fp16"},
      {"TF RTX-3090/qat", "corpus/trex/tensorflow-resnet-RTX-3090-qat"},
  };
  size_t fp_a100_fp16 = 0;
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
    size_t fp = S_parity(shared, map[i][0], map[i][1], 0);
    if (!strcmp(map[i][0], "A100/fp16")) fp_a100_fp16 = fp;
  }
  /* TREx's regex misses ampere_h16816cudnn: its 7 tc rows on A100/fp16 are
   * all Tensor-Core kernels */
  assert_int_equal(fp_a100_fp16, 7);
}

/* ---- hand-built engines -------------------------------------------------------- */

static ec_engine *S_engine(void) { return ec_test_engine(); }

/* A layer reading tensor `in` (fmt_in, C channels) and writing `out`
 * (fmt_out, K channels), profiled at avg ms. */
static ec_layer *S_add_layer(ec_engine *e, const char *name, const char *layer_type, const char *type,
                             const char *tactic, const char *in, const char *fmt_in, int64_t c, const char *out,
                             const char *fmt_out, int64_t k, double avg) {
  ec_layer *l = ec_test_add_layer(e, name, layer_type, type, tactic);
  l->conv.groups = 1;
  l->n_in = 1;
  l->in = ec_calloc(1, sizeof *l->in);
  ec_test_tensor(&l->in[0], in, fmt_in, c);
  l->n_out = 1;
  l->out = ec_calloc(1, sizeof *l->out);
  ec_test_tensor(&l->out[0], out, fmt_out, k);
  l->precision = l->precision_trex = l->in[0].precision;
  l->out_precision = l->out[0].precision;
  if (avg >= 0) {
    l->has_profile = 1;
    l->avg_ms = avg;
    l->time_ms = avg * (double)e->profile_count;
  }
  return l;
}

/* pct from the averages, as trtexec writes them */
static void S_pcts(ec_engine *e) {
  double t = 0;
  for (size_t i = 0; i < e->n_layers; i++) t += e->layers[i].avg_ms;
  for (size_t i = 0; i < e->n_layers; i++) e->layers[i].pct = t > 0 ? 100 * e->layers[i].avg_ms / t : 0;
}

typedef struct {
  ec_summary *s;
  ec_findings f;
} S_run;

static S_run S_lint_it(ec_engine *e) {
  S_run r;
  memset(&r, 0, sizeof r);
  r.s = ec_summarize(e);
  ec_lint(e, r.s, NULL, &r.f);
  return r;
}

static void S_done(S_run *r, ec_engine *e) {
  ec_findings_free(&r->f);
  ec_summary_free(r->s);
  ec_engine_free(e);
}

#define FFMA "sm80_xmma_fprop_implicit_gemm_f32f32_f32f32_f32_nhwckrsc_nhwc_tilesize128x64x8_stage3_warpsize2x2x1_g1_ffma_t1r3s3_aligna4_alignc4_0x1234"
#define H16816 "ampere_h16816cudnn_128x64_sliced1x2_ldg8_relu_exp_stages_64x3_small_nhwc_tn_v1"

static void test_rules_conv(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  /* 0: FP16 conv on an FFMA kernel: TREx's regex sees "xmma" and misses it */
  S_add_layer(e, "conv_ffma", "CaskConvolution", "Convolution", FFMA, "a", "FP16 NHWC8", 64, "b", "FP16 NHWC8", 64, 1.0);
  /* 1: FP16 conv on HMMA: TREx flags it, we must not */
  S_add_layer(e, "conv_hmma", "CaskConvolution", "Convolution", H16816, "b", "FP16 NHWC8", 64, "c", "FP16 NHWC8", 64, 1.0);
  /* 2: INT8 depthwise on TensorRT's own CUDA kernel: info */
  ec_layer *dw = S_add_layer(e, "conv_dw", "CudaDepthwiseConvolution", "Convolution", NULL, "c", "Int8 NC/32HW32", 64,
                             "d", "Int8 NC/32HW32", 64, 1.0);
  dw->conv.groups = 64;
  /* 3: no kernel name: unknown, but TREx flags it */
  S_add_layer(e, "conv_unknown", "CaskConvolution", "Convolution", NULL, "d", "FP16 NHWC8", 64, "e", "FP16 NHWC8", 64, 1.0);
  /* 4: INT8 conv, float output, C=24 misaligned, DP4A kernel: three hazards kept */
  S_add_layer(e, "conv_three", "CaskConvolution", "Convolution", "volta_int8x4_icudnn_int8x4_128x32_relu_xregs_medium_c32_nn_v1",
              "e", "Int8 NC/32HW32", 24, "f", "FP32 NCHW", 32, 1.0);
  /* 5: FP32 conv on scudnn, device unknown: info (TF32 possible) */
  S_add_layer(e, "conv_fp32", "CaskConvolution", "Convolution", "ampere_scudnn_128x64_relu_medium_nn_v1", "f",
              "FP32 NCHW", 32, "g", "FP32 NCHW", 32, 1.0);
  S_pcts(e);
  S_run r = S_lint_it(e);
  const ec_finding *x = S_find(&r.f, 0, "conv-no-tensor-cores");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_string_equal(x->trex_rule, "ConvLinter.tc_lint");
  assert_non_null(strstr(x->evidence, "FFMA"));
  assert_true(fabs(x->share_pct - 100.0 / 6) < 1e-9);
  assert_true(fabs(x->latency_ms - 1.0) < 1e-12);
  assert_null(S_find(&r.f, 1, "conv-no-tensor-cores"));
  assert_null(S_find(&r.f, 1, "conv-tensor-cores-unknown"));
  x = S_find(&r.f, 2, "conv-no-tensor-cores");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO);
  assert_non_null(strstr(x->message, "Depthwise"));
  x = S_find(&r.f, 3, "conv-tensor-cores-unknown");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO);
  assert_null(S_find(&r.f, 3, "conv-no-tensor-cores"));
  assert_non_null(S_find(&r.f, 4, "conv-no-tensor-cores"));
  x = S_find(&r.f, 4, "conv-int8-float-output");
  assert_non_null(x);
  assert_string_equal(x->evidence, "INT8 -> FP32");
  x = S_find(&r.f, 4, "conv-misaligned-channels");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_non_null(strstr(x->message, "C=24"));
  /* the small-channel mitigation of TREx */
  assert_non_null(strstr(S_find(&r.f, 4, "conv-no-tensor-cores")->mitigation, "small number of input channels"));
  x = S_find(&r.f, 5, "conv-no-tensor-cores");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO);
  assert_null(S_find(&r.f, 5, "conv-misaligned-channels"));
  assert_null(S_find(&r.f, 0, "conv-misaligned-channels"));
  /* ties in share (all 1 ms): severity first, then emission order */
  for (size_t i = 1; i < r.f.n; i++)
    if (r.f.v[i - 1].share_pct == r.f.v[i].share_pct) {
      assert_true(r.f.v[i - 1].severity >= r.f.v[i].severity);
      if (r.f.v[i - 1].severity == r.f.v[i].severity) assert_true(r.f.v[i - 1].seq < r.f.v[i].seq);
    }
  assert_int_equal(r.f.count[0] + r.f.count[1] + r.f.count[2], r.f.n);
  S_done(&r, e);

  /* the same FP32 conv on a known pre-Ampere GPU: no finding */
  e = S_engine();
  e->device.present = 1;
  e->device.compute_capability = ec_strdup("7.5");
  S_add_layer(e, "conv_fp32", "CaskConvolution", "Convolution", "turing_scudnn_128x64_relu_medium_nn_v1", "f",
              "FP32 NCHW", 32, "g", "FP32 NCHW", 32, 1.0);
  S_pcts(e);
  r = S_lint_it(e);
  assert_null(S_find(&r.f, 0, "conv-no-tensor-cores"));
  S_done(&r, e);
}

static void test_rules_conversions(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  e->bindings = ec_calloc(1, sizeof *e->bindings);
  e->bindings[0].t.name = ec_strdup("input");
  e->bindings[0].t.name_len = 5;
  e->bindings[0].dir = EC_BIND_INPUT;
  e->n_bindings = 1;
  /* 0: binding FP32 -> FP16: info, --inputIOFormats */
  ec_layer *l = S_add_layer(e, "in_reformat", "Reformat", "Reformat", NULL, "input", "FP32 NCHW", 8, "x", "FP16 NHWC8", 8, 1.0);
  l->origin = ec_strdup("REFORMAT");
  /* 1: inside FP16 -> FP32: warning */
  l = S_add_layer(e, "mid_reformat", "Reformat", "Reformat", NULL, "x", "FP16 NHWC8", 8, "y", "FP32 NCHW", 8, 1.0);
  l->origin = ec_strdup("REFORMAT");
  /* 2: Q/DQ FP32 -> INT8: info, with TREx's lost mitigation */
  l = S_add_layer(e, "quantize", "Reformat", "Reformat", NULL, "y", "FP32 NCHW", 8, "z", "Int8 NC/32HW32", 8, 1.0);
  l->origin = ec_strdup("QDQ");
  /* 3: layout only: nothing */
  S_add_layer(e, "layout", "Reformat", "Reformat", NULL, "z", "Int8 NC/32HW32", 8, "z2", "Int8 NC/4HW4", 8, 1.0);
  /* 4: Slice FP16 -> FP32 */
  S_add_layer(e, "slice", "Slice", "Slice", NULL, "z2", "FP16 NHWC8", 8, "s", "FP32 NCHW", 8, 1.0);
  /* 5: TensorRT 8.2 Scale dequantize, 6: Scale quantize, 7: Scale float -> float */
  S_add_layer(e, "dq", "Scale", "Scale", NULL, "s", "Int8 NC/32HW32", 8, "t", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "q", "Scale", "Scale", NULL, "t", "FP32 NCHW", 8, "u", "Int8 NCHW", 8, 1.0);
  S_add_layer(e, "scale", "Scale", "Scale", NULL, "u", "FP32 NCHW", 8, "v", "FP32 NCHW", 8, 1.0);
  S_pcts(e);
  S_run r = S_lint_it(e);
  const ec_finding *x = S_find(&r.f, 0, "reformat-type-conversion");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO);
  assert_non_null(strstr(x->mitigation, "--inputIOFormats"));
  x = S_find(&r.f, 1, "reformat-type-conversion");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_non_null(strstr(x->evidence, "FP16 -> FP32"));
  x = S_find(&r.f, 2, "reformat-type-conversion");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO);
  assert_non_null(strstr(x->mitigation, "Consider adding quantization around float operations."));
  assert_null(S_find(&r.f, 3, "reformat-type-conversion"));
  x = S_find(&r.f, 4, "slice-type-conversion");
  assert_non_null(x);
  assert_string_equal(x->trex_rule, "SliceLinter");
  x = S_find(&r.f, 5, "qdq-unfused");
  assert_non_null(x);
  assert_string_equal(x->message, "Unfused Dequantize layer. Layer: dq.");
  assert_string_equal(x->trex_rule, "QDQLinter");
  x = S_find(&r.f, 6, "qdq-unfused");
  assert_non_null(x);
  assert_string_equal(x->message, "Unfused Quantize layer. Layer: q.");
  assert_null(S_find(&r.f, 7, "qdq-unfused"));
  /* 4 of 8 equal layers are Reformats and 1 a Slice: data movement 62.5 %
   * (it replaces reformat-latency-share, which said 50 % for the Reformats) */
  x = S_find(&r.f, -1, "data-movement");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_true(fabs(x->share_pct - 62.5) < 1e-9);
  assert_int_equal(x->n_layers, 5);
  assert_true(fabs(x->gain_ms_max - 5.0) < 1e-12);
  assert_int_equal(x->gain_basis, EC_GAIN_ZERO);
  S_done(&r, e);
  /* a Reformat that reads logits, an output binding a post-process also
   * needs, converts inside the engine: not "the engine's input binding" */
  e = ec_test_load("tests/fixtures/bindings/out-read.graph.json");
  r = S_lint_it(e);
  x = S_find(&r.f, 1, "reformat-type-conversion");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_null(strstr(x->message, "binding"));
  assert_null(strstr(x->mitigation, "IOFormats"));
  S_done(&r, e);
}

static void test_rules_beyond_trex(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  /* FP16 conv -> FP32 softmax -> FP32 pointwise -> (Reformat) -> FP16 conv: one island of 2 */
  S_add_layer(e, "c1", "CaskConvolution", "Convolution", H16816, "a", "FP16 NHWC8", 64, "b", "FP32 NCHW", 64, 1.0);
  S_add_layer(e, "softmax", "CaskSoftMax", "SoftMax", NULL, "b", "FP32 NCHW", 64, "c", "FP32 NCHW", 64, 3.0);
  S_add_layer(e, "pw", "PointWiseV2", "PointWise", NULL, "c", "FP32 NCHW", 64, "d", "FP32 NCHW", 64, 1.0);
  S_add_layer(e, "r", "Reformat", "Reformat", NULL, "d", "FP32 NCHW", 64, "e", "FP16 NHWC8", 64, 1.0);
  S_add_layer(e, "c2", "CaskConvolution", "Convolution", H16816, "e", "FP16 NHWC8", 64, "f", "FP32 NCHW", 64, 1.0);
  /* an FP32 tail (to the output) is not an island */
  S_add_layer(e, "tail", "CudaPooling", "Pooling", NULL, "f", "FP32 NCHW", 64, "g", "FP32 NCHW", 64, 1.0);
  /* 6: FP16 MatrixMultiply on sgemm, 7: FP16 gemv (info), 8: Myelin, 9: zero latency */
  S_add_layer(e, "mm", "CaskGemmMatrixMultiply", "MatrixMultiply", "ampere_sgemm_128x32_sliced1x4_nn_v1", "g2",
              "FP16 NHWC8", 64, "h", "FP16 NHWC8", 64, 1.0);
  S_add_layer(e, "fc", "gemm", "gemm", "sm50_xmma_cublas_gemvx_f16f16_f32_f32_tn_n_int32_unit_n_launch_param4x32x32_strided_unit_stride",
              "h", "FP16 NHWC8", 64, "i", "FP16 NHWC8", 64, 1.0);
  S_add_layer(e, "{ForeignNode[a...b]}", "Myelin", "Myelin", NULL, "i", "FP16 NHWC8", 64, "j", "FP16 NHWC8", 64, 1.0);
  S_add_layer(e, "nothing", "Shuffle", "Shuffle", NULL, "j", "FP16 NHWC8", 64, "k", "FP16 NHWC8", 64, 0.0);
  S_pcts(e);
  S_run r = S_lint_it(e);
  const ec_finding *x = S_find(&r.f, 1, "fp32-island");
  assert_non_null(x); /* the slowest layer of the island */
  assert_non_null(strstr(x->evidence, "2 FP32 layers"));
  assert_true(fabs(x->latency_ms - 4.0) < 1e-12);
  assert_int_equal(S_count_rule(&r.f, "fp32-island"), 1);
  x = S_find(&r.f, 6, "gemm-no-tensor-cores");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  x = S_find(&r.f, 7, "gemm-no-tensor-cores");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO);
  assert_non_null(S_find(&r.f, 7, "myelin-opaque")); /* a gemm layer is a Myelin one */
  assert_non_null(S_find(&r.f, 8, "myelin-opaque"));
  assert_null(S_find(&r.f, 6, "myelin-opaque"));
  assert_non_null(S_find(&r.f, 9, "zero-latency"));
  assert_int_equal(S_count_rule(&r.f, "zero-latency"), 1);
  /* consistent profile: no validation findings */
  assert_int_equal(S_count_rule(&r.f, "profile-pct-sum") + S_count_rule(&r.f, "profile-time-consistency") +
                       S_count_rule(&r.f, "profile-name-mismatch") + S_count_rule(&r.f, "graph-cycle") +
                       S_count_rule(&r.f, "graph-self-loop"),
                   0);
  S_done(&r, e);

  /* an FP32-only engine has no islands */
  e = S_engine();
  S_add_layer(e, "a", "CaskConvolution", "Convolution", NULL, "x", "FP32 NCHW", 8, "y", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "b", "CaskSoftMax", "SoftMax", NULL, "y", "FP32 NCHW", 8, "z", "FP32 NCHW", 8, 1.0);
  S_pcts(e);
  r = S_lint_it(e);
  assert_int_equal(S_count_rule(&r.f, "fp32-island"), 0);
  S_done(&r, e);
}

static void S_timing_run(ec_engine *e, size_t n, double slow, size_t nslow) {
  e->runs = ec_calloc(1, sizeof *e->runs);
  e->n_runs = 1;
  e->runs[0].n = n;
  e->runs[0].latency = ec_malloc(n * sizeof(double));
  e->runs[0].compute = ec_malloc(n * sizeof(double));
  for (size_t i = 0; i < n; i++) e->runs[0].latency[i] = e->runs[0].compute[i] = i < nslow ? slow : 1.0;
  e->runs[0].latency_field = "latencyMs";
}

static void test_rules_timing_and_profile(void **st) {
  (void)st;
  /* unstable: 5 % of 200 iterations at 2x */
  ec_engine *e = S_engine();
  S_add_layer(e, "a", "Shuffle", "Shuffle", NULL, "x", "FP32 NCHW", 8, "y", "FP32 NCHW", 8, 1.0);
  S_pcts(e);
  S_timing_run(e, 200, 2.0, 10);
  S_run r = S_lint_it(e);
  const ec_finding *x = S_find(&r.f, -1, "timing-unstable");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_WARNING);
  assert_null(S_find(&r.f, -1, "timing-few-samples"));
  S_done(&r, e);
  /* stable but few: 5 iterations; and a profile of 1 iteration */
  e = S_engine();
  e->profile_count = 1;
  S_add_layer(e, "a", "Shuffle", "Shuffle", NULL, "x", "FP32 NCHW", 8, "y", "FP32 NCHW", 8, 1.0);
  S_pcts(e);
  S_timing_run(e, 5, 1.0, 0);
  r = S_lint_it(e);
  assert_null(S_find(&r.f, -1, "timing-unstable"));
  assert_int_equal(S_count_rule(&r.f, "timing-few-samples"), 2);
  S_done(&r, e);
  /* profile: unmatched records, a missing layer, percentages off, times off */
  e = S_engine();
  S_add_layer(e, "a", "Shuffle", "Shuffle", NULL, "x", "FP32 NCHW", 8, "y", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "b", "Shuffle", "Shuffle", NULL, "y", "FP32 NCHW", 8, "z", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "c", "Shuffle", "Shuffle", NULL, "z", "FP32 NCHW", 8, "w", "FP32 NCHW", 8, -1);
  e->layers[0].pct = 30;
  e->layers[1].pct = 30;
  e->layers[1].time_ms = 300; /* not 1 ms x 100 */
  e->layers_without_profile = 1;
  r = S_lint_it(e);
  assert_non_null(S_find(&r.f, -1, "profile-name-mismatch"));
  x = S_find(&r.f, -1, "profile-pct-sum");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "60.00"));
  assert_non_null(S_find(&r.f, -1, "profile-time-consistency"));
  S_done(&r, e);
  /* profile without a count: inferred */
  e = S_engine();
  e->profile_count = 0;
  S_add_layer(e, "a", "Shuffle", "Shuffle", NULL, "x", "FP32 NCHW", 8, "y", "FP32 NCHW", 8, 2.0);
  e->layers[0].time_ms = 50;
  S_pcts(e);
  r = S_lint_it(e);
  x = S_find(&r.f, -1, "profile-count-inferred");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "about 25 iterations"));
  assert_null(S_find(&r.f, -1, "profile-time-consistency"));
  S_done(&r, e);
  /* names only, and no profile */
  e = S_engine();
  e->has_profile = 0;
  e->graph_names_only = 1;
  S_add_layer(e, "a", "Unknown", "Unknown", NULL, "x", "FP32 NCHW", 8, "y", "FP32 NCHW", 8, -1);
  r = S_lint_it(e);
  assert_non_null(S_find(&r.f, -1, "graph-no-detail"));
  assert_non_null(S_find(&r.f, -1, "profile-missing"));
  assert_true(isnan(r.f.v[0].share_pct));
  S_done(&r, e);
}

static void test_rules_graph(void **st) {
  (void)st;
  /* a -> b -> c -> a (a real cycle), plus d updating t4 in place */
  ec_engine *e = S_engine();
  S_add_layer(e, "A", "Shuffle", "Shuffle", NULL, "t3", "FP32 NCHW", 8, "t1", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "B", "Shuffle", "Shuffle", NULL, "t1", "FP32 NCHW", 8, "t2", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "C", "Shuffle", "Shuffle", NULL, "t2", "FP32 NCHW", 8, "t3", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "D", "Shuffle", "Shuffle", NULL, "t4", "FP32 NCHW", 8, "t4", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "E", "Shuffle", "Shuffle", NULL, "t4", "FP32 NCHW", 8, "t5", "FP32 NCHW", 8, 1.0);
  S_pcts(e);
  S_run r = S_lint_it(e);
  const ec_finding *x = S_find(&r.f, 3, "graph-self-loop");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO); /* valid: an in-place update */
  assert_non_null(strstr(x->message, "in place"));
  assert_int_equal(S_count_rule(&r.f, "graph-self-loop"), 1);
  assert_int_equal(S_count_rule(&r.f, "graph-cycle"), 1);
  x = NULL;
  for (size_t i = 0; i < r.f.n; i++)
    if (!strcmp(r.f.v[i].rule, "graph-cycle")) x = &r.f.v[i];
  assert_int_equal(x->severity, EC_LINT_ERROR);
  assert_non_null(strstr(x->message, "3 layers"));
  assert_non_null(strstr(x->evidence, "A"));
  assert_non_null(strstr(x->evidence, "B"));
  assert_non_null(strstr(x->evidence, "C"));
  assert_int_equal(ec_findings_max_sev(&r.f), EC_LINT_ERROR);
  S_done(&r, e);
  /* a chain is a DAG even listed out of order */
  e = S_engine();
  S_add_layer(e, "second", "Shuffle", "Shuffle", NULL, "t1", "FP32 NCHW", 8, "t2", "FP32 NCHW", 8, 1.0);
  S_add_layer(e, "first", "Shuffle", "Shuffle", NULL, "t0", "FP32 NCHW", 8, "t1", "FP32 NCHW", 8, 1.0);
  S_pcts(e);
  r = S_lint_it(e);
  assert_int_equal(S_count_rule(&r.f, "graph-cycle") + S_count_rule(&r.f, "graph-self-loop"), 0);
  S_done(&r, e);
  /* in place: upd reads kv before the ScatterND updates it and feeds the
   * update; read reads the updated kv. A DAG, not a cycle (each reader reads
   * the latest earlier writer) */
  e = ec_test_load("tests/fixtures/bindings/in-place.graph.json");
  r = S_lint_it(e);
  assert_int_equal(S_count_rule(&r.f, "graph-cycle"), 0);
  x = S_find(&r.f, 2, "graph-self-loop");
  assert_non_null(x);
  assert_int_equal(x->severity, EC_LINT_INFO);
  assert_string_equal(x->evidence, "kv");
  assert_true(ec_findings_max_sev(&r.f) < EC_LINT_ERROR);
  S_done(&r, e);
  /* a cycle through an in-place layer is still one: B updates t in place
   * from u, which C computes from B's own output */
  e = S_engine();
  S_add_layer(e, "A", "Shuffle", "Shuffle", NULL, "x", "FP32 NCHW", 8, "t", "FP32 NCHW", 8, 1.0);
  ec_layer *l = S_add_layer(e, "B", "Shuffle", "Shuffle", NULL, "t", "FP32 NCHW", 8, "t", "FP32 NCHW", 8, 1.0);
  l->in = ec_reallocarray(l->in, 2, sizeof *l->in);
  ec_test_tensor(&l->in[1], "u", "FP32 NCHW", 8);
  l->n_in = 2;
  S_add_layer(e, "C", "Shuffle", "Shuffle", NULL, "t", "FP32 NCHW", 8, "u", "FP32 NCHW", 8, 1.0);
  S_pcts(e);
  r = S_lint_it(e);
  assert_int_equal(S_count_rule(&r.f, "graph-cycle"), 1);
  S_done(&r, e);
}

static void test_outputs_escape(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  const char *evil = "<script>\"x\"</script>\x01";
  S_add_layer(e, evil, "CaskConvolution", "Convolution", FFMA, "a", "FP16 NHWC8", 64, "b", "FP16 NHWC8", 60, 1.0);
  S_pcts(e);
  S_run r = S_lint_it(e);
  assert_true(r.f.n >= 2);
  json_t *j = ec_jsonout_lint(r.s, &r.f, EC_LINT_WARNING);
  assert_string_equal(json_string_value(json_object_get(j, "schema")), "enginecard.lint/1");
  assert_true(json_is_true(json_object_get(j, "failed")));
  json_t *f0 = json_array_get(json_object_get(j, "findings"), 0);
  assert_string_equal(json_string_value(json_object_get(json_object_get(f0, "layer"), "name")), evil);
  char *txt = ec_jdump(j, 1);
  assert_null(strstr(txt, "\x01"));
  free(txt);
  json_decref(j);
  j = ec_jsonout_lint(r.s, &r.f, -1);
  assert_true(json_is_null(json_object_get(j, "fail_on")));
  assert_true(json_is_false(json_object_get(j, "failed")));
  json_decref(j);
  ec_table *t = ec_tbl_lint(r.s, &r.f, "x-lint", "x", 1);
  assert_int_equal(t->nrows, 1);
  assert_non_null(t->note);
  ec_table_free(t);
  ec_block *b = ec_gen_lint(e, r.s, &r.f, "findings", "e1", 0);
  assert_int_equal(b->kind, EC_BLOCK_TABLE);
  ec_block_free(b);
  b = ec_gen_lint(e, r.s, &r.f, "nonsense", "e1", 0);
  assert_int_equal(b->kind, EC_BLOCK_UNAVAILABLE);
  ec_block_free(b);
  S_done(&r, e);
  /* severity names */
  assert_int_equal(ec_lint_sev_parse("warning"), EC_LINT_WARNING);
  assert_int_equal(ec_lint_sev_parse("fatal"), -1);
  size_t n;
  const ec_lint_rule *rules = ec_lint_rules(&n);
  assert_true(n >= 20);
  assert_string_equal(rules[0].id, "conv-no-tensor-cores");
}

/* Issue 27 item 2: findings that name the same layer count its time once
 * together, and a finding never claims more than its layers take. */
static void test_union_gain(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  S_add_layer(e, "a", "CaskConvolution", "Convolution", H16816, "x", "FP16 NHWC8", 64, "y", "FP16 NHWC8", 64, 1.0);
  S_add_layer(e, "b", "CaskConvolution", "Convolution", H16816, "y", "FP16 NHWC8", 64, "z", "FP16 NHWC8", 64, 3.0);
  ec_findings f = {0};
  ec_finding *x = ec_findings_push(&f, "fp32-island", EC_LINT_WARNING);
  x->message = ec_strdup("island");
  ec_finding_set_layers(x, e, (size_t[]){0, 1}, 2);
  x->gain_ms_max = 4.0;
  x->gain_basis = EC_GAIN_ZERO;
  x = ec_findings_push(&f, "data-movement", EC_LINT_WARNING);
  x->message = ec_strdup("movement");
  ec_finding_set_layers(x, e, (size_t[]){1}, 1);
  x->gain_ms_max = 3.0;
  x->gain_basis = EC_GAIN_ZERO;
  x = ec_findings_push(&f, "hotspot", EC_LINT_INFO);
  x->message = ec_strdup("hot");
  ec_finding_set_layers(x, e, (size_t[]){1}, 1);
  x->gain_ms_max = 1.5; /* at the median efficiency: half of b */
  x->gain_basis = EC_GAIN_MEDIAN_EFFICIENCY;
  const ec_finding *v[3] = {&f.v[0], &f.v[1], &f.v[2]};
  double ms;
  /* the sum of the three is 8.5 ms; the layers take 4 ms */
  assert_true(fabs(ec_findings_union_gain(e, v, 3, &ms) - 4.0) < 1e-12);
  assert_true(fabs(ms - 4.0) < 1e-12);
  assert_true(fabs(ec_findings_union_gain(e, v + 1, 2, NULL) - 3.0) < 1e-12);
  assert_true(fabs(ec_findings_union_gain(e, v + 2, 1, NULL) - 1.5) < 1e-12);
  /* likely estimates: none known, none together (never 0) */
  assert_true(isnan(ec_findings_union_likely(e, v, 3)));
  /* the island likely saves 2 ms (spread 0.5 on a, 1.5 on b), the hotspot
   * 1 ms on b: together 0.5 + max(1.5, 1) = 2 ms, below the 4 ms bound */
  f.v[0].gain_ms_likely = 2.0;
  f.v[0].likely_basis = EC_LIKELY_REFORMATS;
  f.v[2].gain_ms_likely = 1.0;
  f.v[2].likely_basis = EC_LIKELY_NEIGHBOURS;
  const ec_finding *w[2] = {&f.v[0], &f.v[2]};
  assert_true(fabs(ec_findings_union_likely(e, w, 2) - 2.0) < 1e-12);
  assert_true(ec_findings_union_likely(e, w, 2) <= ec_findings_union_gain(e, w, 2, NULL));
  /* data-movement bounds 3 ms but has no likely estimate: the likely total
   * of the three is unknown, not the other two's 2 ms */
  assert_true(isnan(ec_findings_union_likely(e, v, 3)));
  assert_string_equal(ec_likely_basis_name(EC_LIKELY_PEAK_RATIO), "peak-ratio");
  /* how it reads: likely first, to two digits, then the bound; in a cell a
   * number keeps its unit */
  char buf[96];
  assert_string_equal(ec_fmt_saving(buf, sizeof buf, 0.06451, 0.1597, 0), "likely ~0.065 ms \xC2\xB7 up to 0.1597 ms");
  assert_string_equal(ec_fmt_saving(buf, sizeof buf, 12.4, 30, 0), "likely ~12 ms \xC2\xB7 up to 30 ms");
  assert_string_equal(ec_fmt_saving(buf, sizeof buf, NAN, 0.2, 0), "up to 0.2 ms");
  assert_string_equal(ec_fmt_saving(buf, sizeof buf, NAN, 0.2, 1), "up to 0.2\xC2\xA0ms");
  assert_string_equal(ec_fmt_saving(buf, sizeof buf, 0.1, NAN, 0), "");
  assert_null(ec_likely_basis_name(EC_LIKELY_NONE));
  f.v[2].gain_ms_max = NAN;
  f.v[2].gain_basis = EC_GAIN_NONE;
  assert_true(isnan(ec_findings_union_gain(e, v + 2, 1, NULL)));
  ec_findings_free(&f);
  ec_engine_free(e);
}

/* Issue 27 item 10: an engine built FP32 only on a Tensor-Core GPU is one
 * engine-level finding, not one info row per convolution; with one FP16
 * layer the per-layer findings stay. */
static void test_fp32_engine(void **st) {
  (void)st;
  for (int mixed = 0; mixed < 2; mixed++) {
    ec_engine *e = S_engine();
    e->device.present = 1;
    e->device.compute_capability = ec_strdup("8.6");
    char name[32], in[16], out[16];
    for (int i = 0; i < 6; i++) {
      snprintf(name, sizeof name, "Conv_%d", i);
      snprintf(in, sizeof in, "t%d", i);
      snprintf(out, sizeof out, "t%d", i + 1);
      S_add_layer(e, name, "CaskConvolution", "Convolution", FFMA, in, mixed && i == 5 ? "FP16 NHWC8" : "FP32 NCHW", 64,
                  out, "FP32 NCHW", 64, 1.0);
    }
    S_pcts(e);
    S_run r = S_lint_it(e);
    size_t eng = 0, per = 0;
    for (size_t i = 0; i < r.f.n; i++) {
      if (!strcmp(r.f.v[i].rule, "fp32-engine")) {
        eng++;
        assert_int_equal(r.f.v[i].n_layers, 6);
        assert_int_equal(r.f.v[i].layer, -1);
      }
      if (!strcmp(r.f.v[i].rule, "conv-no-tensor-cores") && e->layers[r.f.v[i].layer].precision &&
          !strcmp(e->layers[r.f.v[i].layer].precision, "FP32"))
        per++;
    }
    assert_int_equal(eng, mixed ? 0 : 1);
    assert_int_equal(per, mixed ? 5 : 0);
    S_done(&r, e);
  }
}

/* Issue 27 items 1 and 3: one group per rule with its count; messages name
 * their layer, shortened, never "this Convolution". */
static void test_groups_and_names(void **st) {
  (void)st;
  ec_engine *e = S_engine();
  char name[160];
  for (int i = 0; i < 4; i++) {
    snprintf(name, sizeof name, "/model/backbone/stage%d/block%d/conv%d/Conv + /model/backbone/stage%d/relu/Relu", i, i, i, i);
    char in[16], out[16];
    snprintf(in, sizeof in, "t%d", i);
    snprintf(out, sizeof out, "t%d", i + 1);
    S_add_layer(e, name, "CaskConvolution", "Convolution", FFMA, in, "FP16 NHWC8", 60, out, "FP16 NHWC8", 60, 1.0 + i);
  }
  S_pcts(e);
  S_run r = S_lint_it(e);
  ec_finding_groups g;
  ec_findings_group(r.s, &r.f, &g);
  size_t conv = 0, align = 0;
  for (size_t k = 0; k < g.n; k++) {
    if (!strcmp(g.v[k].rule, "conv-no-tensor-cores")) conv = g.v[k].n;
    if (!strcmp(g.v[k].rule, "conv-misaligned-channels")) align = g.v[k].n;
  }
  assert_int_equal(conv, 4);
  assert_int_equal(align, 4);
  assert_true(g.n_quiet > 0);
  for (size_t i = 0; i < r.f.n; i++) {
    const ec_finding *x = &r.f.v[i];
    assert_null(strstr(x->message, "this "));
    if (x->n_layers) assert_non_null(strstr(x->message, "/model/backbone/stage"));
  }
  ec_table *t = ec_tbl_lint(r.s, &r.f, "x-lint", "x", 0);
  size_t groups = 0, subs = 0;
  for (size_t q = 0; q < t->nrows; q++) ec_table_is_sub(t, q) ? subs++ : groups++;
  assert_int_equal(groups, g.n);
  assert_true(subs >= 8);
  ec_table_free(t);
  /* the label: first and last part of a fused name, within the limit */
  ec_buf b = {0};
  ec_lint_layer_label(&b, &e->layers[0], 0);
  assert_string_equal(b.data, "/model/backbone/stage0/block0/conv0/Conv + \xE2\x80\xA6");
  ec_buf_free(&b);
  ec_finding_groups_free(&g);
  S_done(&r, e);
}

/* ---- every corpus engine ---------------------------------------------------------- */

/* The summed profiled time of the layers the findings v[0..n) name, each once. */
static double S_named_ms(const ec_engine *e, const ec_finding *const *v, size_t n) {
  unsigned char *seen = ec_calloc(e->n_layers ? e->n_layers : 1, 1);
  double ms = 0;
  for (size_t k = 0; k < n; k++)
    for (size_t j = 0; j < v[k]->n_layers; j++) {
      size_t i = v[k]->layers[j];
      if (i >= e->n_layers || seen[i]) continue;
      seen[i] = 1;
      if (e->layers[i].has_profile && e->layers[i].avg_ms > 0) ms += e->layers[i].avg_ms;
    }
  free(seen);
  return ms;
}

/* Issue 27 items 1-3 on one linted engine: the groups partition the
 * findings by rule; no saving (one finding's, a group's, the first screen's
 * together-line) exceeds the time of the layers it names; every finding
 * about layers names its first one (shortened). */
static void S_check_groups_and_savings(const char *dir, const ec_engine *e, const ec_summary *s, const ec_findings *f) {
  ec_finding_groups g;
  ec_findings_group(s, f, &g);
  size_t covered = 0;
  const ec_finding **v = ec_malloc((f->n ? f->n : 1) * sizeof *v);
  for (size_t k = 0; k < g.n; k++) {
    for (size_t q = k + 1; q < g.n; q++) assert_string_not_equal(g.v[k].rule, g.v[q].rule);
    for (size_t j = 0; j < g.v[k].n; j++) {
      assert_string_equal(f->v[g.v[k].idx[j]].rule, g.v[k].rule);
      v[j] = &f->v[g.v[k].idx[j]];
    }
    covered += g.v[k].n;
    double lim = S_named_ms(e, v, g.v[k].n);
    if (isfinite(g.v[k].gain_ms_max) && g.v[k].gain_ms_max > lim + 1e-9)
      fail_msg("%s: %s together could save %g ms of layers taking %g ms", dir, g.v[k].rule, g.v[k].gain_ms_max, lim);
    /* likely <= up to, together too */
    if (isfinite(g.v[k].gain_ms_likely) && !(g.v[k].gain_ms_likely <= g.v[k].gain_ms_max + 1e-12))
      fail_msg("%s: %s likely %g above up to %g", dir, g.v[k].rule, g.v[k].gain_ms_likely, g.v[k].gain_ms_max);
  }
  assert_int_equal(covered, f->n);
  for (size_t i = 0; i < f->n; i++) {
    const ec_finding *x = &f->v[i];
    v[0] = x;
    double lim = S_named_ms(e, v, 1);
    if (isfinite(x->gain_ms_max) && x->n_layers && x->gain_ms_max > lim + 1e-9)
      fail_msg("%s: %s could save %g ms of layers taking %g ms", dir, x->rule, x->gain_ms_max, lim);
    /* a likely estimate: at most the bound, with its basis in words; else none at all */
    if (isfinite(x->gain_ms_likely)) {
      if (!(x->gain_ms_likely >= 0 && x->gain_ms_likely <= x->gain_ms_max) || x->likely_basis == EC_LIKELY_NONE ||
          !x->likely_why)
        fail_msg("%s: %s likely %g (up to %g) without its basis", dir, x->rule, x->gain_ms_likely, x->gain_ms_max);
    } else if (x->likely_basis != EC_LIKELY_NONE || x->likely_why) {
      fail_msg("%s: %s has a likely basis without an estimate", dir, x->rule);
    }
    if (x->n_layers) {
      size_t first = x->layer >= 0 ? (size_t)x->layer : x->layers[0];
      ec_buf nm = {0};
      ec_lint_layer_label(&nm, &e->layers[first], 0);
      if (!strstr(x->message, nm.data)) fail_msg("%s: %s does not name %s: %s", dir, x->rule, nm.data, x->message);
      ec_buf_free(&nm);
    }
    assert_null(strstr(x->message, "this Convolution"));
  }
  /* every set shown together: the first screen's top 3, and all findings */
  const ec_finding *top[3];
  size_t nt = ec_findings_top(f, 3, top);
  double u = ec_findings_union_gain(e, top, nt, NULL), sum = 0;
  for (size_t k = 0; k < nt; k++) sum += top[k]->gain_ms_max;
  if (nt) {
    assert_true(u <= S_named_ms(e, top, nt) + 1e-9);
    assert_true(u <= sum + 1e-9);
    double ul = ec_findings_union_likely(e, top, nt);
    if (isfinite(ul)) assert_true(ul <= u + 1e-12);
  }
  for (size_t i = 0; i < f->n; i++) v[i] = &f->v[i];
  u = ec_findings_union_gain(e, v, f->n, NULL);
  if (isfinite(u)) assert_true(u <= S_named_ms(e, v, f->n) + 1e-9);
  /* the report's table: one row per rule, the rest folded under them */
  ec_table *t = ec_tbl_lint(s, f, "x-lint", "x", 0);
  if (f->n) {
    size_t top_rows = 0;
    for (size_t r = 0; r < t->nrows; r++) top_rows += !ec_table_is_sub(t, r);
    assert_int_equal(top_rows, g.n);
  }
  ec_table_free(t);
  free(v);
  ec_finding_groups_free(&g);
}

static void S_lint_corpus(const char *dir, ec_engine *e, void *ctx) {
  size_t *total = ctx;
  if (!ec_engine_usable(e)) return;
  ec_summary *s = ec_summarize(e);
  ec_findings f = {0};
  ec_lint(e, s, NULL, &f);
  size_t nrules;
  const ec_lint_rule *rules = ec_lint_rules(&nrules);
  for (size_t i = 0; i < f.n; i++) {
    const ec_finding *x = &f.v[i];
    int known = 0;
    for (size_t k = 0; k < nrules; k++)
      if (!strcmp(rules[k].id, x->rule)) known = 1;
    if (!known) fail_msg("%s: rule %s is not in the catalogue", dir, x->rule);
    assert_non_null(x->message);
    assert_true(x->layer >= -1 && x->layer < (long)e->n_layers);
    if (x->severity == EC_LINT_ERROR) fail_msg("%s: error finding %s: %s", dir, x->rule, x->message);
    if (i) {
      double a = f.v[i - 1].share_pct, b = x->share_pct;
      assert_false(!isfinite(a) && isfinite(b));
      if (isfinite(a) && isfinite(b)) assert_true(a >= b);
    }
  }
  S_check_groups_and_savings(dir, e, s, &f);
  json_t *j = ec_jsonout_lint(s, &f, -1);
  assert_int_equal(json_array_size(json_object_get(j, "findings")), f.n);
  json_decref(j);
  *total += f.n;
  ec_findings_free(&f);
  ec_summary_free(s);
}

static void test_corpus_lints(void **st) {
  (void)st;
  EC_NEED_SHARED(shared);
  size_t total = 0;
  size_t n = S_each_corpus_engine(shared, S_lint_corpus, &total);
  print_message("%zu corpus engines linted, %zu findings, no error findings\n", n, total);
  assert_true(n >= 30 && total > 0);
}

/* Data types in lint come from the one normalisation (issue 14 item 5):
 * before, a log's Reformat Half -> Float printed "(Half -> Floa)", and a
 * layout-only Reformat "FP16 NHWC8" -> "Half" was a type conversion. */
static void test_dtype_names_never_cut(void **st) {
  (void)st;
  ec_engine *e = ec_engine_new("t");
  const char *log =
      "[01/01/2024-00:00:00] [V] [TRT] Engine Layer Information:\n"
      "[01/01/2024-00:00:00] [V] [TRT] Layer(Reformat): r1, Tactic: 0x01, x (Half[1,8,4,4]) -> y (Float[1,8,4,4])\n"
      "[01/01/2024-00:00:00] [V] [TRT] Layer(CaskPooling): p, Tactic: 0x02, y (Float[1,8,4,4]) -> z (Float[1,8,2,2])\n";
  assert_int_equal(ec_load_log_text(e, "b.log", log, strlen(log), NULL), 0);
  const char *g = "{\"Layers\":[{\"Name\":\"r2\",\"LayerType\":\"Reformat\",\"Inputs\":[{\"Name\":\"a\",\"Dimensions\":[1,8,4,4],"
                  "\"Format/Datatype\":\"Channel major FP16 format where channel % 8 == 0\"}],\"Outputs\":[{\"Name\":\"b\","
                  "\"Dimensions\":[1,8,4,4],\"Format/Datatype\":\"Half\"}]}]}";
  ec_engine *e2 = ec_engine_new("t2");
  assert_int_equal(ec_load_graph_text(e2, "g.json", g, strlen(g), NULL), 0);
  ec_load_finish(e, NULL);
  ec_load_finish(e2, NULL);
  ec_summary *s = ec_summarize(e);
  ec_findings f = {0};
  ec_lint(e, s, NULL, &f);
  const ec_finding *x = S_find(&f, 0, "reformat-type-conversion");
  assert_non_null(x);
  assert_non_null(strstr(x->message, "(FP16 -> FP32)"));
  assert_non_null(strstr(x->evidence, "FP16 -> FP32"));
  for (size_t i = 0; i < f.n; i++) {
    assert_null(strstr(f.v[i].message, "Floa)"));
    if (f.v[i].evidence) assert_null(strstr(f.v[i].evidence, "Floa "));
  }
  ec_findings_free(&f);
  ec_summary_free(s);
  s = ec_summarize(e2);
  ec_lint(e2, s, NULL, &f);
  assert_null(S_find(&f, 0, "reformat-type-conversion")); /* FP16 -> FP16: a layout change */
  ec_findings_free(&f);
  ec_summary_free(s);
  ec_engine_free(e);
  ec_engine_free(e2);
}

/* Findings without a share or an estimate go by their rule's scope:
 * an engine-wide lever (fp32-engine) before one layer's alignment, whatever
 * order the rules ran in; the first screen's fill keeps that order. */
static void test_scope_order(void **st) {
  (void)st;
  assert_int_equal(ec_lint_rule_scope("fp32-engine"), EC_SCOPE_ENGINE);
  assert_int_equal(ec_lint_rule_scope("conv-misaligned-channels"), EC_SCOPE_LAYER);
  assert_int_equal(ec_lint_rule_scope("attention-unfused"), EC_SCOPE_PATTERN);
  assert_int_equal(ec_lint_rule_scope("profile-missing"), EC_SCOPE_INPUTS);
  assert_string_equal(ec_lint_scope_name(EC_SCOPE_ENGINE), "engine");
  ec_findings f = {0};
  ec_finding *x = ec_findings_push(&f, "conv-misaligned-channels", EC_LINT_WARNING);
  x->message = ec_strdup("align");
  x = ec_findings_push(&f, "profile-missing", EC_LINT_WARNING);
  x->message = ec_strdup("profile");
  x = ec_findings_push(&f, "fp32-engine", EC_LINT_WARNING);
  x->message = ec_strdup("fp32");
  const ec_finding *out[3];
  assert_int_equal(ec_findings_first(&f, 3, out), 3);
  assert_string_equal(out[0]->rule, "fp32-engine");
  assert_string_equal(out[1]->rule, "conv-misaligned-channels");
  assert_string_equal(out[2]->rule, "profile-missing");
  ec_findings_free(&f);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_scope_order),
      cmocka_unit_test(test_dtype_names_never_cut),
      cmocka_unit_test(test_tc_classifier_labelled),
      cmocka_unit_test(test_tc_classifier_details),
      cmocka_unit_test(test_tc_classifier_covers_corpus),
      cmocka_unit_test(test_trex_parity_mobilenet),
      cmocka_unit_test(test_trex_parity_other_engines),
      cmocka_unit_test(test_rules_conv),
      cmocka_unit_test(test_rules_conversions),
      cmocka_unit_test(test_rules_beyond_trex),
      cmocka_unit_test(test_rules_timing_and_profile),
      cmocka_unit_test(test_rules_graph),
      cmocka_unit_test(test_outputs_escape),
      cmocka_unit_test(test_corpus_lints),
      cmocka_unit_test(test_union_gain),
      cmocka_unit_test(test_groups_and_names),
      cmocka_unit_test(test_fp32_engine),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

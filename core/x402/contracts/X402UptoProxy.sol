// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// The one Permit2 function the proxy calls (SignatureTransfer's single-token witness transfer).
interface ISignatureTransfer {
    struct TokenPermissions {
        address token;
        uint256 amount;
    }

    struct PermitTransferFrom {
        TokenPermissions permitted;
        uint256 nonce;
        uint256 deadline;
    }

    struct SignatureTransferDetails {
        address to;
        uint256 requestedAmount;
    }

    function permitWitnessTransferFrom(
        PermitTransferFrom calldata permit,
        SignatureTransferDetails calldata transferDetails,
        address owner,
        bytes32 witness,
        string calldata witnessTypeString,
        bytes calldata signature
    ) external;
}

/**
 * The spender an x402 `upto` payment names, for the local development chain and the tests: written here from the
 * scheme's interface (the ABI the official x402 EVM package settles through), placed at the address the scheme expects. The payer signs a
 * Permit2 witness transfer of at most `permitted.amount` to this contract, binding the payee (`to`) and the one
 * facilitator allowed to settle; the facilitator then moves the actual cost, anything up to that maximum. Permit2
 * checks the signature, deadline and nonce; this contract checks who settles, when, and how much. Not for any real
 * network (there the x402 proxy is deployed at the same address).
 */
contract X402UptoProxy {
    struct Witness {
        address to;
        address facilitator;
        uint256 validAfter;
    }

    ISignatureTransfer public constant PERMIT2 = ISignatureTransfer(0x000000000022D473030F116dDEE9F6B43aC78BA3);

    /// Permit2 appends this to "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,".
    string public constant WITNESS_TYPE_STRING =
        "Witness witness)TokenPermissions(address token,uint256 amount)Witness(address to,address facilitator,uint256 validAfter)";
    bytes32 public constant WITNESS_TYPEHASH = keccak256("Witness(address to,address facilitator,uint256 validAfter)");

    event Settled();

    error AmountExceedsPermitted();
    error InvalidDestination();
    error InvalidOwner();
    error PaymentTooEarly();
    error UnauthorizedFacilitator();

    function settle(
        ISignatureTransfer.PermitTransferFrom calldata permit,
        uint256 amount,
        address owner,
        Witness calldata witness,
        bytes calldata signature
    ) external {
        // Only the facilitator the payer named may choose the amount: anyone else could settle the whole maximum.
        if (msg.sender != witness.facilitator) revert UnauthorizedFacilitator();
        if (owner == address(0)) revert InvalidOwner();
        if (witness.to == address(0)) revert InvalidDestination();
        if (block.timestamp < witness.validAfter) revert PaymentTooEarly();
        if (amount > permit.permitted.amount) revert AmountExceedsPermitted();
        bytes32 witnessHash = keccak256(abi.encode(WITNESS_TYPEHASH, witness.to, witness.facilitator, witness.validAfter));
        PERMIT2.permitWitnessTransferFrom(
            permit,
            ISignatureTransfer.SignatureTransferDetails({to: witness.to, requestedAmount: amount}),
            owner,
            witnessHash,
            WITNESS_TYPE_STRING,
            signature
        );
        emit Settled();
    }
}
